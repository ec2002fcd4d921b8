/**
 * The slice of linkedom's DOM the feed code reads (discovery, HTML to text). Declared here because
 * the Workers type library has no DOM, so linkedom's own types do not resolve in the Worker's
 * program; linkedom's nodes satisfy it in both runtimes.
 */
import { parseHTML } from "linkedom";

export interface HtmlElement {
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}

export interface HtmlDocument {
  readonly body: HtmlElement | null;
  querySelector(selectors: string): HtmlElement | null;
  querySelectorAll(selectors: string): ArrayLike<HtmlElement>;
}

export function parseHtmlDocument(html: string): HtmlDocument {
  return (parseHTML as unknown as (html: string) => { document: HtmlDocument })(html).document;
}
