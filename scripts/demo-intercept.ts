/**
 * The origin intercept end to end under `wrangler dev --env intercept`: a small local news site
 * (one template, many articles) is the origin (`--local-upstream`). It is browsed as a browser would,
 * page by page, while an agent's probe asks after each view whether the site's tree answers yet; then
 * an agent asks for an article and the script prints what it got against the whole page.
 *
 * The probe carries a cookie, so under the intercept's policy it never teaches the tree itself: the
 * count of page views it reports is browsers' views only.
 */
import { preparePage } from "../src/core/pipeline";
import { estimateTokens } from "../src/core/tokens";
import { article, articleHtml, TEMPLATE_TEXT } from "../test/fixtures/synthetic-site";
import { numberOption, parseCli } from "./lib/cli";
import { startSite, startWorker, stopUnlessKept } from "./lib/local-worker";
import { wholePageMarkdown } from "./lib/whole-page-markdown";

const USAGE = `
usage: npm run demo:intercept [-- --views N] [--keep]
  --views N  browser page views of the local site (default 8)
  --keep     leave the site and wrangler dev running, for curl
  --help     this text`;
const { values } = parseCli(USAGE, { views: { type: "string" }, keep: { type: "boolean" } });
const views = numberOption(USAGE, "views", values.views, 8);
const keep = values.keep ?? false;

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const AGENT = "text/markdown, text/html;q=0.9";
const ASKED = 100;

const site = await startSite((path) => {
  if (path === "/") return `<!doctype html><title>Courier</title><h1>The Daily Synthetic Courier</h1>`;
  const m = /^\/news\/story-(\d+)\.html$/.exec(path);
  return m ? articleHtml(Number(m[1])) : null;
});
const upstream = new URL(site.origin).host;
// The worker answers every path from the origin; startWorker waits for GET / to succeed through it.
const worker = await startWorker({}, undefined, ["--env", "intercept", "--local-upstream", upstream]);
console.log(`origin (local site)       ${site.origin}`);
console.log(`intercept (wrangler dev)  ${worker.base}  (--env intercept --local-upstream ${upstream})\n`);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function agent(path: string, extra: Record<string, string> = {}) {
  const res = await fetch(worker.base + path, { headers: { accept: AGENT, ...extra } });
  return { res, body: await res.text(), method: res.headers.get("x-extract-method") ?? "-" };
}

const probePath = `/news/story-${ASKED}.html`;
const first = await agent(probePath, { cookie: "probe=1" });
console.log(
  `before any browser view: agent gets ${first.method} (x-tree-support ${first.res.headers.get("x-tree-support")})`,
);
console.log("\nview  page              browser got           probe: method  support");
let viewsToTree: number | null = null;
for (let n = 1; n <= views; n++) {
  const path = `/news/story-${n}.html`;
  const res = await fetch(worker.base + path, { headers: { accept: BROWSER } });
  const html = await res.text();
  const identical = html === articleHtml(n);
  // Learning runs in waitUntil, 50 ms after the browser's response is out: give it time before probing.
  await pause(400);
  const probe = await agent(probePath, { cookie: "probe=1" });
  if (probe.method === "tree" && viewsToTree === null) viewsToTree = n;
  console.log(
    `${String(n).padStart(4)}  ${path.padEnd(16)}  ${res.status} ${identical ? "identical HTML" : "DIFFERENT"}     ` +
      `${probe.method.padEnd(10)}  ${probe.res.headers.get("x-tree-support")}`,
  );
}

const answer = await agent(probePath);
const html = articleHtml(ASKED);
const wholeMarkdown = wholePageMarkdown(
  preparePage({ body: new TextEncoder().encode(html), url: `${site.origin}${probePath}`, contentType: "text/html" }),
);
const templateLines = Object.values(TEMPLATE_TEXT).filter((line) => answer.body.includes(line));
const kept = article(ASKED).paragraphs.filter((p) => answer.body.includes(p)).length;
const ours = Number(answer.res.headers.get("x-markdown-tokens"));
console.log(`\nagent asks ${probePath} with Accept: ${AGENT}`);
for (const name of [
  "content-type",
  "x-extract-method",
  "x-markdown-tokens",
  "content-signal",
  "vary",
  "etag",
  "cache-control",
]) {
  console.log(`  ${name}: ${answer.res.headers.get(name)}`);
}
console.log(`\n${answer.body.split("\n").slice(0, 6).join("\n")}\n...`);
console.log(`\n                         tokens (~4 chars each)`);
console.log(`whole page as HTML        ${estimateTokens(html)}`);
console.log(`whole page as markdown    ${estimateTokens(wholeMarkdown)}  (every block: menu, promo, sidebar, footer)`);
console.log(
  `our answer                ${ours}  (x-markdown-tokens; ${(estimateTokens(wholeMarkdown) / ours).toFixed(1)}x fewer than the whole page)`,
);
console.log(
  `article paragraphs kept ${kept}/4, template lines kept ${templateLines.length}/${Object.keys(TEMPLATE_TEXT).length}`,
);
console.log(
  viewsToTree === null
    ? `\nthe tree did not answer within ${views} browser views`
    : `\nagents got tree answers after ${viewsToTree} browser page views (MIN_SUPPORT 5: those views plus the page asked)`,
);
await stopUnlessKept(worker, site, keep);
