import { describe, expect, it } from "vitest";
import { isInterstitial } from "../../src/core/interstitial";
import { classifyPage, SINGLE_PAGE } from "../../src/core/cascade";
import { KIND_MODEL, pageKind, pageSignals, type KindModel } from "../../src/core/page-kind";
import { segmentHtml } from "../../src/core/segment";
import type { BranchEvidence } from "../../src/core/tree-evidence";

const chrome = (body: string) => `<html><head><title>T</title></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav></header>
${body}
<footer><p>© 2025 Example Media. <a href="/privacy">Privacy</a> <a href="/terms">Terms</a></p></footer></body></html>`;

const titled = (title: string, html: string) => html.replace("<title>T</title>", `<title>${title}</title>`);

const SHORT_ARTICLE = chrome(`<main><article><h1>Council approves new bridge</h1>
<p>The city council voted on Tuesday to fund a new pedestrian bridge across the river, ending a debate that lasted
three years and drew hundreds of residents to public hearings.</p>
<p>Construction is expected to begin next spring. The mayor said the bridge would connect two neighbourhoods that have
long been cut off from each other by the water and the railway.</p>
<p>Opponents had argued the money would be better spent on road repairs.</p></article></main>
<div class="cookie-banner"><p>We use cookies to improve your experience.</p><button>Accept</button></div>`);

describe("isInterstitial", () => {
  it("flags a cookie consent wall", () => {
    const html = chrome(`<div id="consent-wall" class="gdpr-overlay"><h2>Your privacy matters</h2>
<p>We and our 842 partners store and access information on your device, such as cookies, to personalise ads and
content, measure performance and develop products.</p>
<button>Accept all</button><button>Manage options</button></div>`);
    expect(isInterstitial(segmentHtml(html))).toMatchObject({ interstitial: true, reason: "consent" });
  });

  it("flags a Cloudflare-style challenge by its title and by its text", () => {
    const body = `<div class="main-wrapper"><h1>example.com</h1><h2>Checking if the site connection is secure</h2>
<p>example.com needs to review the security of your connection before proceeding.</p>
<div class="footer">Ray ID: 8a1b2c3d4e5f · Performance &amp; security by Cloudflare</div></div>`;
    const page = segmentHtml(`<html><head><title>Just a moment...</title></head><body>${body}</body></html>`);
    expect(isInterstitial(page)).toMatchObject({ interstitial: true, reason: "challenge" });
    const untitled = segmentHtml(`<html><head><title>example.com</title></head><body>${body}</body></html>`);
    expect(isInterstitial(untitled)).toMatchObject({ interstitial: true, reason: "challenge" });
  });

  it("flags a wall said only in links and buttons, on a page with little prose besides", () => {
    // Link text and form controls are no prose: their walls are looked for once the prose is known to be little.
    const html = `<html><head><title>Example Daily</title></head><body>
<div class="notice"><a href="/privacy">Accept all cookies to read Example Daily on this device</a>
<button>Cookie preferences</button></div><p>Example Daily.</p></body></html>`;
    expect(isInterstitial(segmentHtml(html))).toMatchObject({ interstitial: true, reason: "consent" });
    // The same links and buttons under an article are the article's page, not a wall.
    const story = html.replace(
      "<p>Example Daily.</p>",
      `<p>${"The council voted on Tuesday to fund a new pedestrian bridge across the river. ".repeat(8)}</p>`,
    );
    expect(isInterstitial(segmentHtml(story))).toMatchObject({ interstitial: false, reason: null });
  });

  it("flags a shell that needs JavaScript", () => {
    const html = `<html><head><title>Dashboard</title></head><body><div id="root"></div>
<div class="fallback"><p>You need to enable JavaScript to run this app.</p></div></body></html>`;
    expect(isInterstitial(segmentHtml(html))).toMatchObject({ interstitial: true, reason: "javascript" });
  });

  it("flags a paywall teaser: two sentences, then subscribe to continue", () => {
    const html = chrome(`<article><h1>The hidden cost of cheap flights</h1>
<p>Airlines have quietly added fees for seats, bags and even water. Travellers pay more than the fare suggests.</p>
<div class="article-paywall"><p>Subscribe to continue reading. Already a subscriber? Log in.</p>
<button>Subscribe for $1</button></div></article>`);
    expect(isInterstitial(segmentHtml(html))).toMatchObject({ interstitial: true, reason: "paywall" });
  });

  it("knows every wall phrase by its text alone, in any letter case (one per alternative of the lists)", () => {
    const phrases: [string, string][] = [
      ["Checking your browser before accessing the site.", "challenge"],
      ["Checking if the site connection is secure", "challenge"],
      ["Please verify that you are a human.", "challenge"],
      ["VERIFYING YOU ARE HUMAN. This may take a few seconds.", "challenge"],
      ["Are you a robot?", "challenge"],
      ["Complete the security check to access the page.", "challenge"],
      ["Our systems have detected unusual traffic from your computer network.", "challenge"],
      ["Press & Hold to confirm you are a human (and not a bot).", "challenge"],
      ["Please enable cookies and reload the page.", "challenge"],
      ["Ray ID: 8a1b2c3d4e5f", "challenge"],
      ["Please turn on JavaScript and reload.", "javascript"],
      ["JavaScript is disabled in your browser.", "javascript"],
      ["This site requires JavaScript.", "javascript"],
      ["Bitte JavaScript aktivieren.", "javascript"],
      ["Activez le JavaScript pour continuer.", "javascript"],
      ["Habilita el JavaScript en tu navegador.", "javascript"],
      ["Attivare JavaScript nel browser.", "javascript"],
      ["Ative o JavaScript no seu navegador.", "javascript"],
      ["Включите JavaScript в браузере.", "javascript"],
      ["We use cookies to give you the best experience.", "consent"],
      ["Accept all cookies", "consent"],
      ["Cookie preferences", "consent"],
      ["Your Privacy Choices", "consent"],
      ["Wir verwenden Cookies.", "consent"],
      ["Nous utilisons des cookies.", "consent"],
      ["Utilizamos cookies propias y de terceros.", "consent"],
      ["Utilizziamo i cookie per migliorare il sito.", "consent"],
      ["Этот сайт использует файлы cookie.", "consent"],
      ["Subscribe to keep reading.", "paywall"],
      ["Sign in to continue reading.", "paywall"],
      ["Already a subscriber? Log in.", "paywall"],
      ["Subscribers only", "paywall"],
      ["A story for subscribers", "paywall"],
      ["This story is reserved for members.", "paywall"],
      ["Jetzt weiterlesen mit Abo", "paywall"],
      ["Abonnez-vous pour lire", "paywall"],
      ["Pour lire la suite, connectez-vous.", "paywall"],
      ["Suscríbete para leer", "paywall"],
      ["Para seguir leyendo, inicia sesión.", "paywall"],
      ["Abbonati per leggere", "paywall"],
      ["Assine para continuar lendo", "paywall"],
      ["Подпишитесь, чтобы читать дальше", "paywall"],
    ];
    for (const [phrase, reason] of phrases) {
      const page = segmentHtml(`<html><head><title>Home</title></head><body><p>${phrase}</p></body></html>`);
      expect(isInterstitial(page).reason, phrase).toBe(reason);
    }
  });

  it("does not flag a short article, even with a cookie banner", () => {
    const page = segmentHtml(SHORT_ARTICLE);
    expect(isInterstitial(page)).toMatchObject({ interstitial: false, reason: null });
    expect(pageKind(page).kind).not.toBe("interstitial");
  });

  it("does not take a whole page wrapped in a paywall-named element for a teaser", () => {
    const html = SHORT_ARTICLE.replace("<main>", '<main class="paywall-active premium">');
    expect(isInterstitial(segmentHtml(html)).interstitial).toBe(false);
  });

  it("flags a page that is nothing but the domain's template, given the tree's evidence", () => {
    const page = segmentHtml(chrome(`<div class="content"><p>Loading…</p></div>`));
    const depth = 2;
    // Every block is on 19 of the domain's 20 documents: only template reached us.
    const templated: BranchEvidence = {
      nodes: ["example.com", "example.com/news"],
      support: [20, 4],
      counts: page.blocks.flatMap(() => [19, 4]),
    };
    expect(isInterstitial(page, templated)).toMatchObject({ interstitial: true, reason: "template-only" });
    // The same page with its own text, seen nowhere else, is a page.
    const article = segmentHtml(SHORT_ARTICLE);
    const own: BranchEvidence = {
      nodes: templated.nodes,
      support: [20, 4],
      counts: article.blocks.flatMap((b) => (b.tag === "p" && b.text.length > 60 ? [1, 1] : [19, 4])),
    };
    expect(own.counts.length).toBe(article.blocks.length * depth);
    expect(isInterstitial(article, own).interstitial).toBe(false);
    // A young domain's tree says nothing yet.
    expect(isInterstitial(page, { ...templated, support: [3, 3] }).reason).not.toBe("template-only");
  });
});

describe("pageSignals and pageKind", () => {
  const post = (n: number) => `<div class="message" id="post-${n}"><div class="user">member${n}</div>
<div class="date">2024-05-0${n} 10:3${n}</div><div class="body"><p>I had the same issue with my router after the update,
rolling back the firmware to the previous version fixed it for me after a reboot (${n}).</p></div></div>`;
  const posts = [1, 2, 3, 4, 5, 6].map(post).join("");
  const thread = chrome(`<h1>Router drops connection after update</h1><div class="thread">${posts}</div>`);

  it("sees a thread's repeated posts as compound records", () => {
    const s = pageSignals(segmentHtml(thread));
    expect(s.records).toBeCloseTo(Math.log1p(6) / 10, 5);
    expect(s.recordShare).toBeGreaterThan(0.5);
    expect(s.dates).toBeGreaterThan(0);
    expect(pageSignals(segmentHtml(SHORT_ARTICLE)).records).toBe(0);
  });

  it("counts price tags, code and URL words", () => {
    const product = chrome(`<h1>Desk lamp</h1><div class="price">$49.99</div>
<form><button>Add to cart</button></form>`);
    const s = pageSignals(segmentHtml(product), undefined, "https://shop.example.com/products/desk-lamp");
    expect(s.prices).toBeGreaterThan(0);
    expect(s.formBlocks).toBeGreaterThan(0);
    expect(s["url.product"]).toBe(1);
    expect(s["words.product"]).toBeGreaterThan(0);
    const docs = pageSignals(segmentHtml(chrome(`<h1>Install</h1><p>Run it.</p><pre><code>npm i x</code></pre>`)));
    expect(docs.codeShare).toBeGreaterThan(0);
    expect(pageSignals(segmentHtml(SHORT_ARTICLE)).codeShare).toBe(0);
  });

  it("counts the cards of one grid that each carry a price, not a product's own price nor a menu", () => {
    const card = (n: number) => `<div class="card"><h3><a href="/p/${n}">Desk lamp model ${n}</a></h3>
<p>Brass, linen shade</p><span class="price">$${40 + n}.99</span></div>`;
    const menu = `<ul class="menu">${[1, 2, 3, 4].map((n) => `<li><a href="/c/${n}">Lamps</a> <a href="/c/${n}/new">New</a></li>`).join("")}</ul>`;
    const catalogue = chrome(
      `${menu}<h1>Desk lamps</h1><div class="grid">${[1, 2, 3, 4, 5, 6].map(card).join("")}</div>`,
    );
    expect(pageSignals(segmentHtml(catalogue)).pricedCards).toBeCloseTo(Math.log1p(6) / 10, 5);
    const product = chrome(`${menu}<h1>Desk lamp</h1><div class="price">$49.99</div>
<p>A brass lamp with a linen shade and a dimmer.</p><form><button>Add to cart</button></form>`);
    expect(pageSignals(segmentHtml(product)).pricedCards).toBe(0);
  });

  it("takes the model's best kind from a probability of 0.1: below 0.2 is not yet no kind at all", () => {
    const logit = (p: number) => Math.log(p / (1 - p));
    const model = (p: number): KindModel => ({ classes: ["listing"], features: [], weights: [[logit(p)]] });
    const page = segmentHtml(SHORT_ARTICLE);
    expect(pageKind(page, undefined, null, { model: model(0.15) }).kind).toBe("listing");
    expect(pageKind(page, undefined, null, { model: model(0.05) }).kind).toBe("other");
  });

  it("names a thread and an article", () => {
    const threadUrl = "https://forum.example.com/threads/router.123/";
    expect(pageKind(segmentHtml(thread), undefined, null, { url: threadUrl }).kind).toBe("thread");
    const articleUrl = "https://example.com/news/2025/council-approves-new-bridge";
    expect(pageKind(segmentHtml(SHORT_ARTICLE), undefined, null, { url: articleUrl }).kind).toBe("article");
  });

  it("reads a declared og:type product as evidence of a product (the shipped weights use it)", () => {
    const shop = (head: string) =>
      chrome(`<h1>Desk lamp</h1><div class="price">$49.99</div><p>A brass lamp with a linen shade and a dimmer.</p>
<form><button>Add to cart</button></form>`).replace("</head>", `${head}</head>`);
    const url = "https://lamps.example.com/desk-lamp";
    const score = (head: string) => pageKind(segmentHtml(shop(head)), undefined, null, { url }).scores.product!;
    expect(score(`<meta property="og:type" content="product">`)).toBeGreaterThan(score(""));
    // A declaration no signal reads changes nothing.
    expect(score(`<script type="application/ld+json">{"@type":"Product"}</script>`)).toBe(score(""));
  });

  it("answers interstitial before any kind", () => {
    const html = chrome("<p>Checking your browser before accessing example.com.</p>");
    const page = segmentHtml(titled("Just a moment...", html));
    expect(pageKind(page).kind).toBe("interstitial");
  });
});

describe("the kind in the cascade", () => {
  const page = segmentHtml(SHORT_ARTICLE);
  const url = "https://example.com/news/2025/council-approves-new-bridge";
  const kindOf = (options: Parameters<typeof classifyPage>[2]) => classifyPage(page, null, options).page?.kind;

  it("reads the kind model it is given (a cross-validation fold's), else the shipped one", () => {
    expect(kindOf({ classifier: SINGLE_PAGE, url })).toBe("article");
    // A model whose only opinion is a bias towards listings.
    const listings: KindModel = {
      classes: KIND_MODEL.classes,
      features: [],
      weights: KIND_MODEL.classes.map((c) => [c === "listing" ? 5 : -5]),
    };
    expect(kindOf({ classifier: SINGLE_PAGE, url, kindModel: listings })).toBe("listing");
  });

  it("takes a given kind (tuning: the gold type) over the model's", () => {
    expect(kindOf({ classifier: SINGLE_PAGE, url, kind: "thread" })).toBe("thread");
  });
});
