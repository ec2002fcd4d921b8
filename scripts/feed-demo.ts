/**
 * Full-text feeds end to end under `wrangler dev`: a local news site with its feeds in every format
 * (each response delayed, ~100 ms per article by default), and the Worker with that host
 * allow-listed and the cron handler exposed (`--test-scheduled`). It prints the subscription URL a
 * feed reader would use, validates every output (fast-xml-parser's strict validator plus the
 * elements RSS/Atom require; the required fields of JSON Feed 1.1), times a 20-item feed cold and
 * on re-poll, and registers a watched feed that the cron trigger warms before anyone asks.
 */
import { parseFeed } from "../src/core/feed/parse";
import { checkFeed } from "../src/core/feed/validate";
import type { FeedFormat } from "../src/core/feed/types";
import { numberOption, parseCli } from "./lib/cli";
import { percentile, startSite, startWorker, stopUnlessKept, type SiteResponse } from "./lib/local-worker";
import { article, articleHtml, TEMPLATE_TEXT } from "../test/fixtures/synthetic-site";
import { atom, jsonFeed, pageWithFeedLinks, rdf, rss091, rss2, stories } from "../test/fixtures/synthetic-feeds";

const USAGE = `
usage: npm run feed-demo [-- --delay MS] [--repolls N] [--keep]
  --delay MS    delay of every response of the local site (default 100)
  --repolls N   re-polls of the 20-item feed to time (default 5)
  --keep        leave the site and wrangler dev running, for curl
  --help        this text`;
const { values } = parseCli(USAGE, {
  delay: { type: "string" },
  repolls: { type: "string" },
  keep: { type: "boolean" },
});
const delayMs = numberOption(USAGE, "delay", values.delay, 100);
const repolls = numberOption(USAGE, "repolls", values.repolls, 5);
const keep = values.keep ?? false;
const ADMIN = "demo-admin-key";

let origin = "";
const feeds: Record<string, () => SiteResponse> = {
  "/feed.xml": () => ({ body: rss2(origin, stories(1, 20)), type: "application/rss+xml; charset=utf-8" }),
  "/rss091.xml": () => ({ body: rss091(origin, stories(21, 26)), type: "text/xml" }),
  "/rdf.xml": () => ({ body: rdf(origin, stories(27, 32)), type: "application/rdf+xml" }),
  "/atom.xml": () => ({ body: atom(origin, stories(33, 38)), type: "application/atom+xml" }),
  "/feed.json": () => ({ body: jsonFeed(origin, stories(39, 44)), type: "application/feed+json" }),
  "/watched.xml": () => ({ body: rss2(origin, stories(51, 70)), type: "application/rss+xml" }),
  "/": () => pageWithFeedLinks("/feed.xml"),
};
const site = await startSite((path) => {
  const m = /^\/news\/story-(\d+)\.html$/.exec(path);
  if (m) return articleHtml(Number(m[1]));
  return feeds[path]?.() ?? null;
}, delayMs);
origin = site.origin;
console.log(`local site    ${origin}  (every response delayed ${delayMs} ms)`);
const worker = await startWorker({ ALLOW_HOSTS: "127.0.0.1", ADMIN_KEY: ADMIN }, undefined, ["--test-scheduled"]);
console.log(`wrangler dev  ${worker.base}\n`);

const feedUrl = (path: string, query = "") => `${worker.base}/feed?url=${encodeURIComponent(origin + path)}${query}`;

async function timed(url: string, init?: RequestInit): Promise<{ res: Response; body: string; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { res, body, ms: performance.now() - t0 };
}

function summary(res: Response): string {
  return `${res.status} ${res.headers.get("x-feed-format")}  items: ${res.headers.get("x-feed-items")}  upstream ${res.headers.get("x-feed-upstream")}  subrequests ${res.headers.get("x-feed-subrequests")}`;
}

try {
  console.log("Subscription URL for a feed reader (RSS 2.0 in, RSS 2.0 out):");
  console.log(`  ${feedUrl("/feed.xml")}\n`);

  console.log(`Rewriting a 20-item feed (${delayMs} ms upstream latency per request, 6 concurrent fetches):`);
  const cold = await timed(feedUrl("/feed.xml"));
  if (!cold.res.ok) throw new Error(`cold: ${cold.res.status} ${cold.body}`);
  console.log(`  cold      ${cold.ms.toFixed(0).padStart(5)} ms  ${summary(cold.res)}`);
  // Judged on the items' full text only: the channel itself is named after the site's masthead.
  const parsedCold = parseFeed(cold.body, cold.res.headers.get("content-type"), `${origin}/feed.xml`);
  const contents = parsedCold.ok ? parsedCold.feed.items.map((i) => i.contentHtml ?? "") : [];
  const withTemplate = contents.filter((html) => Object.values(TEMPLATE_TEXT).some((t) => html.includes(t))).length;
  const articlesWhole = contents.filter((html, i) => article(i + 1).paragraphs.every((p) => html.includes(p))).length;
  console.log(
    `            cold output: ${articlesWhole}/20 items hold their whole article, ${withTemplate}/20 hold any line of the site's template`,
  );
  const warm: number[] = [];
  let last = cold;
  for (let i = 0; i < repolls; i++) {
    last = await timed(feedUrl("/feed.xml"));
    warm.push(last.ms);
  }
  warm.sort((a, b) => a - b);
  console.log(
    `  re-poll   ${percentile(warm, 50).toFixed(0).padStart(5)} ms  (median of ${repolls}; min ${warm[0]!.toFixed(0)}, max ${warm[warm.length - 1]!.toFixed(0)})  ${summary(last.res)}`,
  );
  console.log(`  same body on re-poll: ${last.body === cold.body}`);
  const etag = last.res.headers.get("etag")!;
  const conditional = await timed(feedUrl("/feed.xml"), { headers: { "if-none-match": etag } });
  console.log(
    `  reader's conditional GET (If-None-Match ${etag.slice(0, 12)}..."): ${conditional.res.status} in ${conditional.ms.toFixed(0)} ms\n`,
  );

  console.log("Validation of every output (input format -> output format):");
  const inputs: [string, string][] = [
    ["/feed.xml", "RSS 2.0"],
    ["/rss091.xml", "RSS 0.91"],
    ["/rdf.xml", "RSS 1.0"],
    ["/atom.xml", "Atom 1.0"],
    ["/feed.json", "JSON Feed 1.1"],
  ];
  let invalid = 0;
  for (const [path, name] of inputs) {
    for (const target of ["", "rss", "atom", "jsonfeed"]) {
      const { res, body } = await timed(feedUrl(path, target ? `&format=${target}` : ""));
      const format = (res.headers.get("x-feed-format") ?? "").split(" -> ")[1] as FeedFormat;
      const problems = res.ok ? checkFeed(body, format) : [`HTTP ${res.status}: ${body.slice(0, 200)}`];
      const full = (body.match(/<content:encoded>|<content type="html">|"content_html"/g) ?? []).length;
      if (problems.length) invalid++;
      const check =
        format === "jsonfeed" ? "JSON Feed 1.1 required fields" : "strict XML validation + required elements";
      const label = `${format ?? "?"}${target ? "" : " (default)"}`;
      console.log(
        `  ${name.padEnd(13)} -> ${label.padEnd(18)} ${problems.length ? `INVALID: ${problems.join("; ")}` : `valid (${check})`}, ${full} items with full text`,
      );
    }
  }
  console.log(invalid === 0 ? "  all outputs valid\n" : `  ${invalid} invalid outputs\n`);

  const discovered = await timed(feedUrl("/"));
  console.log(
    `Discovery: ${origin}/ is an HTML page -> ${discovered.res.headers.get("x-feed-url")} (${discovered.res.status})\n`,
  );

  console.log("Watched feeds (the paper's RSS readers):");
  const admin = { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" };
  const reg = await fetch(`${worker.base}/feeds`, {
    method: "POST",
    headers: admin,
    body: JSON.stringify({ url: `${origin}/watched.xml`, intervalMinutes: 15 }),
  });
  const { feed } = (await reg.json()) as { feed: { id: string } };
  console.log(`  POST /feeds -> ${reg.status}, id ${feed.id}`);
  const cron = await timed(`${worker.base}/__scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
  console.log(`  cron tick (GET /__scheduled) -> ${cron.res.status} in ${cron.ms.toFixed(0)} ms`);
  const list = (await (await fetch(`${worker.base}/feeds`, { headers: admin })).json()) as {
    feeds: Record<string, unknown>[];
  };
  for (const f of list.feeds)
    console.log(
      `  ${String(f.id)}  lastPoll ${String(f.lastPoll)}  status ${String(f.lastStatus)}  itemsSeen ${String(f.itemsSeen)}  errors ${String(f.errors)}  nextPoll ${String(f.nextPoll)}`,
    );
  const afterCron = await timed(feedUrl("/watched.xml"));
  console.log(
    `  first reader request after the cron warmed it: ${afterCron.ms.toFixed(0)} ms  ${summary(afterCron.res)}\n`,
  );

  console.log("Try it:");
  console.log(`  curl -i '${feedUrl("/feed.xml")}'`);
  console.log(`  curl '${feedUrl("/atom.xml", "&format=jsonfeed")}'`);
  console.log(`  curl -H 'Authorization: Bearer ${ADMIN}' ${worker.base}/feeds`);
  console.log(`  curl '${worker.base}/__scheduled?cron=*/15+*+*+*+*'`);
} finally {
  await stopUnlessKept(worker, site, keep);
}
