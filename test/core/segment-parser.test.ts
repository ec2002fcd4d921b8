import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { SegmentParser } from "../../src/core/segment-parser";
import { documentEvents, parseEvents, type Attributes } from "../../src/core/segment-events";

/** Every open event's tag and attributes, and the close events, as parseEvents gives them. */
function events(html: string): unknown[] {
  const out: unknown[] = [];
  parseEvents(html, {
    open: (tag: string, attributes: Attributes) => out.push([tag, { ...attributes }]),
    text: (data: string) => out.push(data),
    comment: () => out.push("#comment"),
    close: () => out.push("/"),
  });
  return out;
}

describe("the segmentation parser", () => {
  it("keeps only the attributes the walk reads, as written, entities decoded, the first of a name", () => {
    const html =
      '<div style="color:red" data-x="1&amp;2" class="a b" CLASS="upper" class="second" id=main aria-hidden>' +
      '<a href="/x?a=1&amp;b=2" onclick="go()" title="t">link</a><img src=p.png alt="A &lt;b&gt;" loading=lazy></div>';
    expect(events(html)).toEqual([
      ["div", { class: "a b", id: "main" }],
      ["a", { href: "/x?a=1&b=2" }],
      "link",
      "/",
      ["img", { src: "p.png", alt: "A <b>" }],
      "/",
      "/",
    ]);
  });

  it("reads a <meta>'s property, name and content, and no other element's", () => {
    const html =
      '<META property="og:type" content="product"><meta name=description content="d">' +
      '<input name="q"><span property="price" content="9">9</span>';
    expect(events(html)).toEqual([
      ["meta", { property: "og:type", content: "product" }],
      "/",
      ["meta", { name: "description", content: "d" }],
      "/",
      ["input", {}],
      "/",
      ["span", {}],
      "9",
      "/",
    ]);
  });

  it("reads a <meta>'s property, name and content from a DOM too, and no other element's", () => {
    const { document } = parseHTML(
      '<html><head><META property="og:type" content="product"></head>' +
        '<body><input name="q"><span property="price" content="9">9</span></body></html>',
    );
    const opened = new Map<string, Attributes>();
    documentEvents(document, {
      open: (tag: string, attributes: Attributes) => opened.set(tag, { ...attributes }),
      text: () => {},
      comment: () => {},
      close: () => {},
    });
    expect(opened.get("meta")).toMatchObject({ property: "og:type", content: "product" });
    expect(opened.get("input")).not.toHaveProperty("name");
    expect(opened.get("span")).not.toHaveProperty("property");
    expect(opened.get("span")).not.toHaveProperty("content");
  });

  it("keeps the parser's implied ends", () => {
    expect(events("<p data-a=1>one<p class=c>two<ul><li>x<li style=s>y</ul>")).toEqual([
      ["p", {}],
      "one",
      "/",
      ["p", { class: "c" }],
      "two",
      "/",
      ["ul", {}],
      ["li", {}],
      "x",
      "/",
      ["li", {}],
      "y",
      "/",
      "/",
    ]);
  });

  it("closes elements for a handler that does not listen to closing tags", () => {
    // An end tag closing open elements, and an open tag implying a close (<p> then <div>): the stack
    // is popped whether or not the handler has onclosetag (it once looped forever without one).
    const opened: string[] = [];
    new SegmentParser({ onopentag: (name) => opened.push(name) }).parseWhole(
      "<div><p>a<span>b</div><p>c<div>d</div><ul><li>e<li>f</ul>",
    );
    expect(opened).toEqual(["div", "p", "span", "p", "div", "ul", "li", "li"]);
  });
});
