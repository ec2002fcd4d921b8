import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const ADMIN = { authorization: "Bearer test-admin-key" };

const PARAGRAPHS = [
  "Tomatoes need six hours of sun, a deep pot and regular water; a south-facing balcony gives them all three if you choose a compact variety.",
  "Feed them every two weeks once the first flowers open, and pinch out side shoots on cordon types so the plant puts its strength into fruit.",
  "By late summer a single plant can give two kilos of fruit, which is more than most balconies can eat before the first cool nights arrive.",
];
const comment = (n: number) => `<li class="comment" id="comment-${n}"><article class="comment-body">
<footer class="comment-meta"><b class="fn">reader${n}</b> <time>2024-06-0${n}</time></footer>
<div class="comment-content"><p>Thanks, this worked for my cherry tomatoes too, said reader number ${n} of the blog.</p></div>
</article></li>`;
const BLOG = `<html><head><title>Growing tomatoes on a balcony | Balcony Garden</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<main><article class="post"><h1>Growing tomatoes on a balcony</h1>
<div class="entry-content">${PARAGRAPHS.map((p) => `<p>${p}</p>`).join("\n")}</div>
<section id="comments" class="comments-area"><h2>4 thoughts on this post</h2>
<ol class="comment-list">${[1, 2, 3, 4].map(comment).join("")}</ol></section></article></main>
<footer><p>© Balcony Garden</p></footer></body></html>`;

const CONSENT = `<html><head><title>Balcony Garden</title></head><body>
<div id="onetrust-consent-sdk" class="cookie-consent"><h2>We value your privacy</h2>
<p>We and our partners use cookies to store and access information on your device.</p>
<button>Accept all</button> <button>Reject all</button></div></body></html>`;

async function post(url: string, html: string, query = "", headers: Record<string, string> = {}) {
  return SELF.fetch(`http://svc/extract?format=json${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ url, html }),
  });
}

describe("comments", () => {
  it("are left out of the article by default and appended, marked, with comments=1", async () => {
    const url = "https://balcony.example/2024/tomatoes.html";
    const plain = (await (await post(url, BLOG, "&learn=0")).json()) as Record<string, unknown>;
    for (const p of PARAGRAPHS) expect(plain.text).toContain(p);
    expect(plain.text).not.toContain("reader number");
    expect(plain.comments).toBeUndefined();
    expect(plain.kind).toBe("article");
    expect(plain.path).toBe("model");

    const withComments = (await (await post(url, BLOG, "&learn=0&comments=1")).json()) as Record<string, unknown>;
    expect(withComments.text).toBe(plain.text);
    const comments = withComments.comments as string[];
    for (let n = 1; n <= 4; n++) expect(comments.some((c) => c.includes(`reader number ${n}`))).toBe(true);

    const md = await (
      await SELF.fetch(`http://svc/extract?format=markdown&learn=0&comments=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url, html: BLOG }),
      })
    ).text();
    const [article, tail] = md.split("\n## Comments\n");
    expect(article).toContain(PARAGRAPHS[0]);
    expect(article).not.toContain("reader number");
    expect(tail).toContain("reader number 4");
    expect(md.match(/^# /gm)).toHaveLength(1);
  });
});

describe("the text answer", () => {
  const text = async (url: string, html: string, query = "") =>
    (
      await SELF.fetch(`http://svc/extract?format=text&learn=0${query}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url, html }),
      })
    ).text();

  it("is the article without markup: the headline once, first, then the body", async () => {
    const body = await text("https://balcony.example/2024/tomatoes.html", BLOG);
    expect(body.startsWith("Growing tomatoes on a balcony\n\n")).toBe(true);
    expect(body.split("Growing tomatoes on a balcony")).toHaveLength(2);
    expect(body).toContain(`${PARAGRAPHS[0]}\n\n${PARAGRAPHS[1]}`);
    expect(body).not.toMatch(/[#*[\]]/);
  });

  it("is headed by the page's headline even when its content shows none", async () => {
    // No <h1>: the headline is the <title> less its site name, written once above the body.
    const page = BLOG.replace("<h1>Growing tomatoes on a balcony</h1>", "");
    const body = await text("https://balcony.example/2024/tomatoes.html", page);
    expect(body.split("\n\n")[0]).toBe("Growing tomatoes on a balcony");
    expect(body).toContain(PARAGRAPHS[2]);
  });

  it("takes the caller's title as its headline", async () => {
    const body = await text("https://balcony.example/2024/tomatoes.html", BLOG, "&title=Tomatoes%20in%20pots");
    expect(body.split("\n\n")[0]).toBe("Tomatoes in pots");
  });
});

describe("interstitials", () => {
  it("are answered as such and never teach the tree", async () => {
    const res = await post("https://walls.example/news/story.html", CONSENT, "", ADMIN);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-page-kind")).toBe("interstitial");
    expect(res.headers.get("x-interstitial")).toBe("consent");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: "interstitial", interstitial: "consent", learned: false });
    // Never taught: the domain is unknown (404), its object stores nothing.
    const stats = await SELF.fetch("http://svc/admin/domains/walls.example/stats", { headers: ADMIN });
    expect(stats.status).toBe(404);
  });

  // Before session 19 the reason was `empty`: the noscript note is not read as page text.
  it("an app shell whose noscript asks for JavaScript has the reason javascript", async () => {
    const shell = `<!doctype html><html><head><title>React App</title></head><body>
<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;
    const res = await post("https://shell.example/app/page.html", shell, "", ADMIN);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-interstitial")).toBe("javascript");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ kind: "interstitial", interstitial: "javascript", learned: false });
    // A shell without such a note is still `empty`.
    const bare = await post("https://shell.example/app/bare.html", shell.replace(/<noscript>.*<\/noscript>/, ""));
    expect(bare.headers.get("x-interstitial")).toBe("empty");
    const stats = await SELF.fetch("http://svc/admin/domains/shell.example/stats", { headers: ADMIN });
    expect(stats.status).toBe(404);
  });

  it("a page that is nothing but the domain's template is not inserted", async () => {
    const domain = "template.example";
    const article = (
      n: number,
    ) => `<html><body><div class="masthead"><p>Template Times, the paper of record for the valley</p></div>
<div class="story"><h1>Story ${n}</h1><p>${PARAGRAPHS[n % 3]} This is story ${n}, with words of its own: ${"lorem ".repeat(n)}</p></div>
<div class="foot"><p>Copyright Template Times. All rights reserved, everywhere, always.</p></div></body></html>`;
    for (let n = 1; n <= 10; n++) {
      const res = await post(`https://www.${domain}/news/${n}.html`, article(n), "", ADMIN);
      expect(((await res.json()) as { learned: unknown }).learned, `page ${n}`).toBe("inserted");
    }
    const wall = `<html><body><div class="masthead"><p>Template Times, the paper of record for the valley</p></div>
<div class="foot"><p>Copyright Template Times. All rights reserved, everywhere, always.</p></div></body></html>`;
    const res = await post(`https://www.${domain}/news/11.html`, wall, "", ADMIN);
    expect(((await res.json()) as { learned: unknown }).learned).toBe(false);
    const stats = await SELF.fetch(`http://svc/admin/domains/${domain}/stats`, { headers: ADMIN });
    expect(((await stats.json()) as { documents: number }).documents).toBe(10);
  });
});

describe("a page without text", () => {
  const SHELL = `<html><head><title>Weekly planner | Planly</title>
<meta property="og:description" content="Plan your week in five minutes: tasks, habits & notes in one board.">
</head><body><div id="root"></div><script src="/app.js"></script></body></html>`;
  const DESCRIPTION = "Plan your week in five minutes: tasks, habits & notes in one board.";
  const url = "https://planly.example/planner";
  const render = async (format: string) =>
    (
      await SELF.fetch(`http://svc/extract?format=${format}&learn=0`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url, html: SHELL }),
      })
    ).text();

  it("answers with its own description in every format, path metadata, never an empty body", async () => {
    const res = await post(url, SHELL, "&learn=0");
    expect(res.headers.get("x-extract-path")).toBe("metadata");
    const json = (await res.json()) as Record<string, unknown>;
    expect(json.text).toBe(DESCRIPTION);
    expect(json.path).toBe("metadata");
    expect(await render("text")).toBe(`Weekly planner\n\n${DESCRIPTION}\n`);
    expect(await render("markdown")).toBe(`# Weekly planner\n\n${DESCRIPTION}\n`);
    expect(await render("html")).toContain(`<p>${DESCRIPTION.replace("&", "&amp;")}</p>\n</article>`);
  });

  it("answers a frameset without text or description with its headline, once, path metadata", async () => {
    const FRAMES = `<html><head><title>Lake Ferry Timetable | Harbour Lines</title></head>
<frameset cols="200,*"><frame src="nav.html"><frame src="main.html"></frameset></html>`;
    const frames = "https://harbourlines.example/ferry.html";
    const ask = async (format: string) =>
      SELF.fetch(`http://svc/extract?format=${format}&learn=0`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: frames, html: FRAMES }),
      });
    const json = (await (await ask("json")).json()) as Record<string, unknown>;
    expect(json.path).toBe("metadata");
    expect(json.text).toBe(json.title);
    expect(String(json.text)).toContain("Lake Ferry Timetable");
    expect((await (await ask("text")).text()).trim()).toBe(json.text);
    const markdown = await (await ask("markdown")).text();
    expect(markdown.trim()).toBe(`# ${String(json.title)}`);
  });

  it("keeps the cascade's path when the page has text", async () => {
    const res = await post("https://balcony.example/2024/tomatoes.html", BLOG, "&learn=0");
    expect(res.headers.get("x-extract-path")).toBe("model");
  });
});

describe("the page kind", () => {
  // A product page that says so: JSON-LD Product with an Offer (in @graph, beside types that declare no kind) and a price.
  const PRODUCT = `<html><head><title>Harbour wool blanket | Saltmarsh Weavers</title>
<meta property="og:type" content="product">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Saltmarsh Weavers"},
{"@type":"Product","name":"Harbour wool blanket","offers":{"@type":"Offer","price":"89.00","priceCurrency":"GBP"}}]}</script>
</head><body><header><nav><a href="/">Home</a> <a href="/blankets">Blankets</a> <a href="/basket">Basket</a></nav></header>
<main><h1>Harbour wool blanket</h1><p class="price">£89.00</p>
<form action="/basket/add"><button>Add to basket</button></form>
<p>Woven on our looms from the fleece of one flock of coastal sheep, the Harbour blanket is heavy enough for a winter bed and soft enough for the sofa.</p>
<p>Each blanket measures 150 by 200 centimetres and is finished with a blanket-stitched edge in natural undyed wool.</p></main>
<footer><p>© Saltmarsh Weavers</p></footer></body></html>`;

  it("is the cascade's decision, in the JSON answer and its header", async () => {
    const res = await post("https://saltmarsh-weavers.example/harbour-wool-blanket", PRODUCT, "&learn=0");
    expect(res.headers.get("x-page-kind")).toBe("product");
    expect(((await res.json()) as Record<string, unknown>).kind).toBe("product");
  });
});
