/**
 * Building a JSON Feed 1.1 from the normalized view, for `format=jsonfeed` conversions. Every item
 * gets the fields 1.1 requires: a string `id` and one of `content_html` / `content_text`.
 */
import { parseHtmlDocument } from "./html-dom";
import { rfc3339 } from "./dates";
import type { ConvertContext } from "./convert-xml";
import type { FeedPerson, FeedReport, FullText, ParsedFeed } from "./types";
import { reportExtension } from "./write-in-place";

export const JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1";

/** RSS descriptions are HTML; JSON Feed's `summary` is plain text. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.trim();
  const document = parseHtmlDocument(`<!doctype html><html><body>${html}</body></html>`);
  return (document.body?.textContent ?? "").replace(/\s+/g, " ").trim();
}

function people(list: FeedPerson[]): { name?: string; url?: string }[] | undefined {
  const out = list.map((p) => ({ name: p.name ?? p.email, url: p.url })).filter((p) => p.name || p.url);
  return out.length ? out : undefined;
}

export function buildJsonFeed(
  feed: ParsedFeed,
  fills: ReadonlyMap<number, FullText>,
  report: FeedReport,
  ctx: ConvertContext & { aboutUrl: string },
): string {
  const m = feed.meta;
  const items = feed.items.map((item) => {
    const fill = fills.get(item.index);
    const summary = item.description ? htmlToText(item.description) : "";
    const out: Record<string, unknown> = {
      id: item.id ?? item.link ?? `${ctx.feedUrl}#item-${item.index}`,
      url: item.link ?? undefined,
      title: item.title || undefined,
    };
    if (fill) {
      out.content_html = fill.html;
      out.content_text = fill.text;
    } else if (item.contentHtml) out.content_html = item.contentHtml;
    else out.content_text = summary || item.title || "";
    if (summary) out.summary = summary;
    if (item.published) out.date_published = rfc3339(item.published);
    if (item.updated) out.date_modified = rfc3339(item.updated);
    out.authors = people(item.authors);
    if (item.categories.length) out.tags = item.categories;
    if (item.enclosures.length) {
      out.attachments = item.enclosures.map((e) => ({
        url: e.url,
        mime_type: e.type ?? "application/octet-stream",
        size_in_bytes: e.length && /^\d+$/.test(e.length) ? Number(e.length) : undefined,
      }));
    }
    const failure = report.failures.find((f) => f.index === item.index);
    if (failure)
      out._urltree = {
        status: failure.code === "budget" ? "skipped" : "failed",
        code: failure.code,
        message: failure.message,
      };
    return out;
  });
  const doc = {
    version: JSON_FEED_VERSION,
    title: m.title || ctx.feedUrl,
    home_page_url: m.homeUrl ?? undefined,
    feed_url: ctx.selfUrl,
    description: m.description ? htmlToText(m.description) : undefined,
    language: m.language ?? undefined,
    icon: m.icon ?? undefined,
    authors: people(m.authors),
    items,
    _urltree: reportExtension(report, ctx.aboutUrl, feed.format),
  };
  return JSON.stringify(doc, null, 2) + "\n";
}
