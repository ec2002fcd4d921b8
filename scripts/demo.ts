/**
 * End-to-end demo: a local news site (one template, many articles) and `wrangler dev` with that
 * host allow-listed. Pages are requested through the proxy one by one, and the table shows the
 * template vanishing from the output as the domain's URL Tree learns.
 */
import { numberOption, parseCli } from "./lib/cli";
import { startSite, startWorker, stopUnlessKept } from "./lib/local-worker";
import { article, articleHtml, TEMPLATE_TEXT } from "../test/fixtures/synthetic-site";

const USAGE = `
usage: npm run demo [-- --pages N] [--keep]
  --pages N  pages of the local site to request (default 12)
  --keep     leave the site and wrangler dev running, for curl
  --help     this text`;
const { values } = parseCli(USAGE, { pages: { type: "string" }, keep: { type: "boolean" } });
const pages = numberOption(USAGE, "pages", values.pages, 12);
const keep = values.keep ?? false;

const site = await startSite((path) => {
  const m = /^\/news\/story-(\d+)\.html$/.exec(path);
  return m ? articleHtml(Number(m[1])) : null;
});
console.log(`local site   ${site.origin}/news/story-N.html`);
const worker = await startWorker({ ALLOW_HOSTS: "127.0.0.1", ADMIN_KEY: "demo-admin-key" });
console.log(`wrangler dev ${worker.base}\n`);

const templateLines = Object.values(TEMPLATE_TEXT);
console.log("page  method      support  words  template lines kept  article kept  ms");
for (let n = 1; n <= pages; n++) {
  const url = `${site.origin}/news/story-${n}.html`;
  const t0 = performance.now();
  const res = await fetch(`${worker.base}/${url}`);
  const text = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  const kept = templateLines.filter((t) => text.includes(t)).length;
  const articleKept = article(n).paragraphs.every((p) => text.includes(p));
  console.log(
    `${String(n).padStart(4)}  ${res.headers.get("x-extract-method")!.padEnd(10)}  ${res.headers.get("x-tree-support")!.padStart(7)}  ` +
      `${String(text.split(/\s+/).filter(Boolean).length).padStart(5)}  ${`${kept}/${templateLines.length}`.padStart(19)}  ${String(articleKept).padStart(12)}  ${ms.toFixed(0)}`,
  );
}
const last = `${site.origin}/news/story-${pages}.html`;
console.log(
  `\nTry it:\n  curl '${worker.base}/${last}'\n  curl '${worker.base}/extract?url=${encodeURIComponent(last)}&format=json&debug=1'`,
);
console.log(`  curl -H 'Authorization: Bearer demo-admin-key' '${worker.base}/admin/domains/127.0.0.1/stats'`);
await stopUnlessKept(worker, site, keep);
