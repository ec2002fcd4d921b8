/**
 * An extraction in the requested format: the body and its media type. Shared by the HTTP layer
 * (which adds the evidence headers) and the golden-page script, so a golden file records exactly
 * what the service serves.
 */
import { renderHtml } from "../core/render-html";
import { renderMarkdown } from "../core/render-markdown";
import { renderText } from "../core/render-text";
import type { Extraction } from "./extraction";
import { classifierLabel, type ExtractOptions } from "./options";

export interface Answer {
  contentType: string;
  body: string;
}

export function renderAnswer(extraction: Extraction, options: ExtractOptions): Answer {
  const { source, prepared, classification, learned, ingest, metadata } = extraction;
  const { page, key } = prepared;
  const { verdicts } = classification;
  // The article's headline (never the raw <title> with its " | Site" suffix when the page says better).
  const title = options.title ?? metadata.title ?? page.title;
  const rendering = { headline: title || undefined, title: page.title, links: options.links, images: options.images };
  switch (options.format) {
    case "text":
      return { contentType: "text/plain; charset=utf-8", body: renderText(page.blocks, verdicts) + "\n" };
    case "markdown": {
      const markdown = renderMarkdown(page.blocks, verdicts, rendering);
      const front = options.frontmatter ? frontMatter({ ...metadata, title, url: source.url }) : "";
      return { contentType: "text/markdown; charset=utf-8", body: front + markdown };
    }
    case "html":
      return { contentType: "text/html; charset=utf-8", body: renderHtml(page.blocks, verdicts, { ...rendering, url: source.url, lang: metadata.lang ?? undefined }) };
    case "json": {
      const body: Record<string, unknown> = {
        title,
        byline: metadata.byline,
        published: metadata.published,
        modified: metadata.modified,
        image: metadata.image,
        lang: metadata.lang,
        siteName: metadata.siteName,
        excerpt: metadata.excerpt,
        url: source.url,
        urlKey: key.key,
        domain: key.domain,
        charset: prepared.charset,
        method: classification.method,
        support: classification.support,
        heuristic: classifierLabel(options.classifier),
        learned: learned ? (ingest?.kind ?? null) : false,
        text: renderText(page.blocks, verdicts),
      };
      if (options.debug) {
        body.blocks = page.blocks.map((b, i) => ({
          text: b.text,
          path: b.path,
          tag: b.tag,
          linkShare: Number(b.linkShare.toFixed(3)),
          hash: prepared.hashes[i],
          ...verdicts[i],
        }));
      }
      return { contentType: "application/json; charset=utf-8", body: JSON.stringify(body, null, options.debug ? 2 : 0) };
    }
  }
}

/**
 * YAML front matter of the article's metadata: only the fields the page states, each value a
 * JSON string (a valid YAML double-quoted scalar, so no value can break out of its line).
 */
export function frontMatter(fields: Record<string, string | null>): string {
  const lines = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== "")
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n\n`;
}
