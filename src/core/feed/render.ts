/**
 * The rewritten feed as text: in the input's own format by default (edited in place, every field
 * kept), or converted to RSS 2.0, Atom 1.0 or JSON Feed 1.1 on request.
 */
import { buildJsonFeed } from "./convert-json";
import { buildAtom, buildRss, type ConvertContext } from "./convert-xml";
import {
  FEED_CONTENT_TYPES,
  type FeedFormat,
  type FeedReport,
  type FullText,
  type OutputFormat,
  type ParsedFeed,
} from "./types";
import { writeJsonInPlace, writeXmlInPlace } from "./write-in-place";

export interface RenderedFeed {
  body: string;
  contentType: string;
  format: FeedFormat;
}

export type RenderContext = ConvertContext & { aboutUrl: string };

/** Writing in place mutates `feed`: render a parsed feed once. */
export function renderFeed(
  feed: ParsedFeed,
  fills: ReadonlyMap<number, FullText>,
  report: FeedReport,
  target: OutputFormat | null,
  ctx: RenderContext,
): RenderedFeed {
  const format: FeedFormat = target ?? feed.format;
  const done = (body: string): RenderedFeed => ({ body, contentType: FEED_CONTENT_TYPES[format], format });
  if (format === feed.format) {
    return done(
      feed.format === "jsonfeed" ? writeJsonInPlace(feed, fills, report, ctx.aboutUrl) : writeXmlInPlace(feed, fills),
    );
  }
  switch (format) {
    case "rss":
      return done(buildRss(feed, fills, ctx));
    case "atom":
      return done(buildAtom(feed, fills, ctx));
    case "jsonfeed":
      return done(buildJsonFeed(feed, fills, report, ctx));
    case "rdf":
      // Unreachable: RSS 1.0 is never a target, only a source written back as itself.
      return done(writeXmlInPlace(feed as Extract<ParsedFeed, { format: "rdf" }>, fills));
  }
}
