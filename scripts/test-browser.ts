/**
 * The inspector in a real browser: playwright-core drives Debian's chromium (/usr/bin/chromium, or
 * $CHROMIUM_PATH; browsers are never downloaded) against `wrangler dev` with an API key and a local
 * site. It seeds the site's tree with a few pages, then checks what a person would do: give the key,
 * submit a URL with Enter, see both verdicts with their evidence, the domain's figures and learning
 * curve, the output tabs by keyboard, a shared link (?url=...) running by itself, paste-HTML mode, a
 * refused key asked for again, and CORS from another origin. No console errors, no failed requests.
 * Screenshot: bench/out/inspector.png. Without chromium it says SKIPPED and exits 0 (CI runs it
 * when chromium is present).
 */
import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startSite, startWorker, type LocalSite, type LocalWorker } from "./lib/local-worker";
import { article, articleHtml, TEMPLATE_TEXT } from "../test/fixtures/synthetic-site";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  console.log(`SKIPPED: chromium not found at ${CHROMIUM}`);
  process.exit(0);
}

const KEY = "browser-test-key";
const SEED_PAGES = 6;
const WAIT_MS = 20_000;
const OUT = resolve(import.meta.dirname, "../bench/out");
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
const failures: string[] = [];

function check(ok: boolean, what: string): void {
  console.log(`${ok ? "ok  " : "FAIL"}  ${what}`);
  if (!ok) failures.push(what);
}

/** Console errors, uncaught exceptions, failed and 4xx/5xx requests of one browser context. */
function watch(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on("page", (page) => attach(page, problems));
  return problems;
}

function attach(page: Page, problems: string[]): void {
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
}

const storyUrl = (site: LocalSite, n: number) => `${site.origin}/news/story-${n}.html`;

async function seed(worker: LocalWorker, site: LocalSite): Promise<void> {
  for (let n = 1; n <= SEED_PAGES; n++) {
    const res = await fetch(`${worker.base}/extract?url=${encodeURIComponent(storyUrl(site, n))}`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    if (!res.ok) throw new Error(`seeding page ${n}: ${res.status} ${await res.text()}`);
  }
}

async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allTextContents();
}

async function mainFlow(page: Page, worker: LocalWorker, site: LocalSite): Promise<void> {
  await page.goto(`${worker.base}/`);
  check(await page.locator("#key-form").isVisible(), "with API_KEY set the page asks for the key first");
  await page.locator("#api-key").fill(KEY);
  await page.locator("#api-key").press("Enter");
  check(await page.locator("#key-form").isHidden(), "the key form closes once the key is saved");
  check(
    (await page.evaluate(() => localStorage.getItem("urltree-clean-text.api-key"))) === KEY,
    "the key is kept in localStorage",
  );

  const target = storyUrl(site, SEED_PAGES + 1);
  await page.locator("input[name=url]").fill(target);
  await page.locator("input[name=url]").press("Enter");
  await page.waitForSelector("#blocks li", { timeout: WAIT_MS });

  const content = await texts(page, '#blocks li[data-verdict="content"] .text');
  const boilerplate = await texts(page, '#blocks li[data-verdict="boilerplate"] .text');
  check(
    content.length > 0 && boilerplate.length > 0,
    `both verdicts shown (${content.length} content, ${boilerplate.length} boilerplate)`,
  );
  const paragraph = article(SEED_PAGES + 1).paragraphs[0]!;
  check(
    content.some((t) => paragraph.startsWith(t.replace(/ \.\.\.$/, "").slice(0, 60))),
    "the article is content",
  );
  check(
    boilerplate.some((t) => t.includes(TEMPLATE_TEXT.promo)),
    "the site's promo (template) is boilerplate",
  );
  const struck = await page
    .locator('#blocks li[data-verdict="boilerplate"] .text')
    .first()
    .evaluate((e) => getComputedStyle(e).textDecorationLine);
  check(struck.includes("line-through"), "boilerplate has a non-colour cue (strike-through)");
  check(new URL(page.url()).searchParams.get("url") === target, "the query string holds the URL (shareable)");

  // Evidence: open a boilerplate block with the keyboard.
  const summary = page.locator('#blocks li[data-verdict="boilerplate"] summary').first();
  check(
    ((await summary.getAttribute("title")) ?? "").includes("decided by"),
    "a block's evidence shows on hover (title)",
  );
  await summary.focus();
  await page.keyboard.press("Enter");
  const evidence = page.locator('#blocks li[data-verdict="boilerplate"] .evidence').first();
  const evidenceText = (await evidence.textContent()) ?? "";
  check(
    (await evidence.isVisible()) &&
      ["Rule", "Tree node", "Count", "Support", "Model score p", "Region", "Page kind"].every((w) =>
        evidenceText.includes(w),
      ),
    "Enter on a block opens its evidence: rule, node, count, support, p, region, page kind",
  );

  // The domain's figures: 6 seeded pages + this one.
  const documents = await page.locator("#domain-documents").textContent();
  check(documents === String(SEED_PAGES + 1), `documents held: ${documents}`);
  check(/^\d+$/.test((await page.locator("#domain-nodes").textContent()) ?? ""), "tree nodes shown");
  check(
    ((await page.locator("#domain-support").textContent()) ?? "").startsWith(`${SEED_PAGES + 1} at `),
    "support at this page's node",
  );
  check(
    /\d+%/.test((await page.locator("#domain-tree-share").textContent()) ?? ""),
    "share of blocks the tree decided",
  );
  check((await page.locator("#curve-plot svg polyline").count()) === 1, "learning curve drawn");
  check(((await page.locator("#curve-summary").textContent()) ?? "").includes("page 1: 0%"), "curve summary in text");

  // Output: the rendered article (no images loaded), and the raw tabs by keyboard.
  check((await page.locator("#rendered h1").count()) === 1, "rendered article with its headline");
  check((await page.locator("#rendered img").count()) === 0, "no image is loaded from the page's site");
  await page.locator("#tab-rendered").focus();
  await page.keyboard.press("ArrowRight");
  check((await page.locator("#tab-markdown").getAttribute("aria-selected")) === "true", "ArrowRight moves to Markdown");
  check(((await page.locator("#raw-markdown").textContent()) ?? "").startsWith("# Story number"), "raw markdown shown");

  const low = await lowContrast(page);
  check(low.length === 0, `text contrast at least 4.5:1 (WCAG AA)${low.length ? `: ${low.join("; ")}` : ""}`);

  mkdirSync(OUT, { recursive: true });
  // A phone's width: nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, `fits a 390 px wide screen (overflow ${overflow} px)`);
  await page.screenshot({ path: resolve(OUT, "inspector-narrow.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.screenshot({ path: resolve(OUT, "inspector.png"), fullPage: true });
  console.log(`      screenshot: ${resolve(OUT, "inspector.png")}`);
}

/**
 * Visible text elements whose colour against their first opaque ancestor's background is below
 * 4.5:1. Passed as source text: tsx would wrap named functions in a helper the page does not have.
 */
const LOW_CONTRAST = String.raw`(() => {
  const rgb = (css) => (css.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r = 0, g = 0, b = 0]) => {
    const f = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  const low = new Set();
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (!own || !el.offsetParent) continue;
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(background(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) low.add(el.tagName.toLowerCase() + "." + el.className + " " + ratio.toFixed(1));
  }
  return [...low];
})()`;

async function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(LOW_CONTRAST);
}

async function sharedLink(page: Page, worker: LocalWorker, site: LocalSite): Promise<void> {
  const target = storyUrl(site, SEED_PAGES + 2);
  await page.goto(`${worker.base}/?url=${encodeURIComponent(target)}&heuristic=strict&comments=1&format=json`);
  await page.waitForSelector("#blocks li", { timeout: WAIT_MS });
  check((await page.locator("#heuristic").inputValue()) === "strict", "a shared link restores the options");
  check((await page.locator("#comments").isChecked()) === true, "a shared link restores the comments option");
  check((await page.locator("#tab-json").getAttribute("aria-selected")) === "true", "format=json selects the JSON tab");
  check(((await page.locator("#page-path").textContent()) ?? "") === "tree", "heuristic=strict answered by the tree");
}

async function pasteMode(page: Page, site: LocalSite): Promise<void> {
  await page.locator("input[name=mode][value=html]").check();
  await page.locator("#page-url").fill(`${site.origin}/news/pasted-${SEED_PAGES + 3}.html`);
  await page.locator("#html").fill(articleHtml(SEED_PAGES + 3));
  await page.locator("#page-url").press("Enter");
  await page.waitForFunction(
    (n) => document.querySelector("#page-title")?.textContent?.startsWith(`Story number ${n}`),
    SEED_PAGES + 3,
    { timeout: WAIT_MS },
  );
  check(
    ((await page.locator("#page-title").textContent()) ?? "").startsWith(`Story number ${SEED_PAGES + 3}`),
    "paste-HTML mode extracts the pasted page",
  );
  check(new URL(page.url()).searchParams.get("mode") === "html", "paste mode is in the query string (not the HTML)");
}

async function refusedKey(context: BrowserContext, worker: LocalWorker, site: LocalSite): Promise<void> {
  await context.addInitScript(() => localStorage.setItem("urltree-clean-text.api-key", "wrong-key"));
  const page = await context.newPage();
  await page.goto(`${worker.base}/?url=${encodeURIComponent(storyUrl(site, 1))}`);
  await page.locator("#key-form").waitFor({ state: "visible", timeout: WAIT_MS });
  check(
    ((await page.locator("#key-message").textContent()) ?? "").includes("refused"),
    "a refused key is asked for again",
  );
}

async function corsFromAnotherOrigin(page: Page, worker: LocalWorker, site: LocalSite): Promise<void> {
  await page.goto(storyUrl(site, 1));
  const answer = await page.evaluate(
    async ({ base, url, key }) => {
      const res = await fetch(`${base}/extract?url=${encodeURIComponent(url)}&learn=0`, {
        headers: { authorization: `Bearer ${key}` },
      });
      return { status: res.status, method: res.headers.get("x-extract-method") };
    },
    { base: worker.base, url: storyUrl(site, 2), key: KEY },
  );
  check(
    answer.status === 200 && answer.method === "tree",
    `CORS: another origin reads the answer and its evidence header (${JSON.stringify(answer)})`,
  );
}

const started = performance.now();
const site = await startSite((path) => {
  // The CORS check opens a page of this site: its icon must not be a failed request either.
  if (path === "/favicon.ico") return { body: ICON, type: "image/svg+xml" };
  const m = /^\/news\/story-(\d+)\.html$/.exec(path);
  return m ? articleHtml(Number(m[1])) : null;
});
const worker = await startWorker({ ALLOW_HOSTS: "127.0.0.1", API_KEY: KEY, ADMIN_KEY: "browser-admin-key" });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
try {
  await seed(worker, site);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const problems = watch(context);
  const page = await context.newPage();
  await mainFlow(page, worker, site);
  await sharedLink(page, worker, site);
  await pasteMode(page, site);
  await corsFromAnotherOrigin(await context.newPage(), worker, site);
  check(
    problems.length === 0,
    `no console errors or failed requests${problems.length ? `:\n  ${problems.join("\n  ")}` : ""}`,
  );
  // A refused key is an expected 403: its own context, so it does not count against the clean run.
  const refused = await browser.newContext();
  await refusedKey(refused, worker, site);
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  await browser.close();
  await worker.stop();
  await site.close();
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `\n${failures.length ? `FAILED ${failures.length} check(s)` : "all checks passed"} in ${seconds.toFixed(1)} s`,
);
process.exit(failures.length ? 1 : 0);
