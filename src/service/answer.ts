/**
 * An extraction in the requested format: the body and its media type. Shared by the HTTP layer
 * (which adds the evidence headers) and the golden-page script, so a golden file records exactly
 * what the service serves.
 */
import type { AnswerPath } from "../core/cascade";
import type { BlockVerdict } from "../core/classify";
import { chooseHeadline } from "../core/headline-choice";
import type { ArticleMetadata } from "../core/metadata";
import { renderArticleText } from "../core/render-article-text";
import { escapeHtml, renderHtml, renderHtmlFragment } from "../core/render-html";
import { escapeLine, renderMarkdown } from "../core/render-markdown";
import { isContent, renderText } from "../core/render-text";
import type { Extraction } from "./extraction";
import { classifierLabel, type ExtractOptions } from "./options";

export interface Answer {
  contentType: string;
  body: string;
  /** The headline the answer was rendered with (articleTitle), for the X-Article-Title header: chosen once. */
  title: string;
}

export function renderAnswer(extraction: Extraction, options: ExtractOptions): Answer {
  const { source, prepared, classification, learned, ingest, metadata } = extraction;
  const { page, key } = prepared;
  const { verdicts } = classification;
  const title = articleTitle(extraction, options);
  const rendering = { headline: title || undefined, title: page.title, links: options.links, images: options.images };
  const standIn = standInAnswer(extraction, title);
  // The headline as the stand-in is already the markdown/HTML heading; the description is added below it.
  const description = standIn && !standIn.isHeadline ? standIn.text : null;
  switch (options.format) {
    case "text": {
      const comments = options.comments ? commentTexts(extraction) : [];
      const tail = comments.length ? `\n\nComments\n\n${comments.join("\n\n")}` : "";
      // The article as markdown and HTML give it, without markup: the headline once, then the body
      // (a stand-in description below the headline, as in markdown).
      const article = renderArticleText(page.blocks, verdicts, rendering);
      const text = description ? [article, description].filter((t) => t.trim() !== "").join("\n\n") : article;
      return { contentType: "text/plain; charset=utf-8", body: text + tail + "\n", title };
    }
    case "markdown": {
      const comments = options.comments ? commentVerdicts(extraction) : null;
      const tail = comments
        ? renderMarkdown(page.blocks, comments, { links: options.links, images: options.images, headline: "" })
        : "";
      const article = renderMarkdown(page.blocks, verdicts, rendering);
      const lead = description ? `${article.trimEnd()}\n\n${escapeLine(description)}\n` : article;
      const markdown = lead + (tail.trim() ? `\n\n## Comments\n\n${tail.trim()}\n` : "");
      const front = options.frontmatter ? frontMatter({ ...statedFields(metadata), title, url: source.url }) : "";
      return { contentType: "text/markdown; charset=utf-8", body: front + markdown, title };
    }
    case "html": {
      const article = renderHtml(page.blocks, verdicts, {
        ...rendering,
        url: source.url,
        lang: metadata.lang ?? undefined,
      });
      const html = description
        ? article.replace(/<\/article>/, `<p>${escapeHtml(description)}</p>\n</article>`)
        : article;
      const comments = options.comments ? commentVerdicts(extraction) : null;
      if (!comments) return { contentType: "text/html; charset=utf-8", body: html, title };
      const section = renderHtmlFragment(page.blocks, comments, {
        links: options.links,
        images: options.images,
        headline: "",
      });
      const marked = section.trim() ? `<section class="comments"><h2>Comments</h2>\n${section}\n</section>\n` : "";
      return { contentType: "text/html; charset=utf-8", body: html.replace(/<\/body>/i, `${marked}</body>`), title };
    }
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
        kind: classification.page?.kind ?? null,
        path: answerPath(extraction),
        text: standIn?.text ?? renderText(page.blocks, verdicts),
      };
      if (classification.page?.interstitial) body.interstitial = classification.page.interstitial;
      // Only on pages over a cap of the processing budget (src/core/budget.ts): the text is the page up to it.
      if (prepared.truncated.length) {
        body.truncated = true;
        body.truncatedBy = prepared.truncated;
      }
      if (options.comments) body.comments = commentTexts(extraction);
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
      return {
        contentType: "application/json; charset=utf-8",
        body: JSON.stringify(body, null, options.debug ? 2 : 0),
        title,
      };
    }
  }
}

/**
 * The article's headline: the caller's, else the one the page shows (its main `<h1>`) over a metadata
 * title reworded for search or social cards, else the metadata title, else the <title>
 * (core/headline-choice.ts).
 */
export function articleTitle(
  { metadata, prepared, classification, source }: Extraction,
  options: ExtractOptions,
): string {
  if (options.title !== null) return options.title;
  return chooseHeadline({
    metadataTitle: metadata.title,
    pageTitle: prepared.page.title,
    siteName: metadata.siteName,
    host: hostOf(source.url),
    blocks: prepared.page.blocks,
    content: classification.verdicts.map(isContent),
    kind: classification.page?.kind ?? null,
    titleDeclared: metadata.titleDeclared,
    rawMetadataTitle: metadata.titleAsStated,
  });
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/**
 * What the page says it is, when it has no text to answer with: its own description (JSON-LD, og:
 * or meta description), else its headline. A script-rendered shell, a frameset or an image-only
 * page still answers with what it says it is, never an empty body (the cascade answers every page
 * with text: cascade.ts). Null whenever any block is content.
 */
function standInAnswer(
  { prepared, classification, metadata }: Extraction,
  headline: string,
): { text: string; isHeadline: boolean } | null {
  const blocks = prepared.page.blocks;
  // Any content label counts: "content-unseen" (new text on a known domain) is content too.
  const hasContent = classification.verdicts.some((v, i) => isContent(v) && blocks[i]!.text.trim() !== "");
  if (hasContent) return null;
  if (metadata.excerpt) return { text: metadata.excerpt, isHeadline: false };
  const text = headline.replace(/\s+/g, " ").trim();
  return text ? { text, isHeadline: true } : null;
}

/**
 * Which step answered: the cascade's path; `metadata` when the page's description or headline stood
 * in; `past-element-cap` when the answer holds text the page had past the element cap, read as flat
 * paragraphs (segment-past-cap.ts), whichever step chose it.
 */
export function answerPath(extraction: Extraction): AnswerPath | "metadata" | "past-element-cap" {
  const headline = extraction.metadata.title ?? extraction.prepared.page.title;
  if (standInAnswer(extraction, headline) !== null) return "metadata";
  const { blocks, pastCap } = extraction.prepared.page;
  if (pastCap !== undefined) {
    const verdicts = extraction.classification.verdicts;
    for (let i = pastCap; i < blocks.length; i++)
      if (isContent(verdicts[i]!) && blocks[i]!.text.trim()) return "past-element-cap";
  }
  return extraction.classification.path;
}

/**
 * The metadata fields an answer states (front matter): titleDeclared and titleAsStated only steer the
 * headline's choice (leading-line.ts, headline-choice.ts), and the answer's field names change only by addition.
 */
function statedFields({
  titleDeclared: _,
  titleAsStated: __,
  ...fields
}: ArticleMetadata): Record<string, string | null> {
  return fields;
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

/** Verdicts that keep only the page's comment section: what `comments=1` appends after the article. */
function commentVerdicts({ prepared, classification }: Extraction): BlockVerdict[] | null {
  const region = new Set(classification.page?.comments ?? []);
  if (region.size === 0) return null;
  return prepared.page.blocks.map((_, i) => ({
    label: region.has(i) ? "content" : "boilerplate",
    rule: region.has(i) ? "comments" : "",
    node: "",
    support: 0,
    count: 0,
  }));
}

/** The comment section's blocks as text, in page order. */
function commentTexts({ prepared, classification }: Extraction): string[] {
  return (classification.page?.comments ?? []).map((i) => prepared.page.blocks[i]!.text).filter((t) => t !== "");
}
