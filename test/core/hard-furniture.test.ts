import { describe, expect, it } from "vitest";
import { asideBlocks, controlBlocks, footerBlocks, navBlocks } from "../../src/core/hard-furniture";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs, verdictsWhere } from "./decide-as";

describe("blocks in a footer or a form control", () => {
  const blocks = [
    { text: "Add to basket", hardTag: "button", path: "main>div.buy>button" },
    { text: "Colour", hardTag: "label", path: "main>div.buy>label" },
    { text: "A hand-thrown stoneware mug.", hardTag: null, path: "main>p" },
    { text: "Pick a size", hardTag: "button", path: "main>div.buy>button" },
    { text: "Shop address and opening hours", hardTag: "footer", path: "footer.site>p" },
    { text: "", hardTag: "button", path: "main>button" },
    { text: "— a potter, the workshop's founder", hardTag: "footer", path: "main>blockquote>footer" },
    { text: "Customers also looked at jugs", hardTag: "aside", path: "aside.sidebar>p" },
    { text: "Home / Kitchen / Mugs", hardTag: "nav", path: "main>nav.crumbs>ol" },
  ];
  const content = [true, true, true, false, true, true, true, true, true];

  it("names the content blocks with text under a control", () => {
    expect(controlBlocks(blocks, content)).toEqual([0, 1]);
  });

  it("names the content blocks under a footer, but a quotation's attribution", () => {
    expect(footerBlocks(blocks, content)).toEqual([4]);
  });

  it("names the content blocks under a sidebar", () => {
    expect(asideBlocks(blocks, content)).toEqual([7]);
  });

  it("names the content blocks under a navigation landmark", () => {
    expect(navBlocks(blocks, content)).toEqual([8]);
  });
});

// A shop's category page: a breadcrumb trail and pagination in `<nav>` elements around its grid.
const CATEGORY = `<html><head><title>Mugs - Clayfield Pottery</title></head><body><main>
<nav class="crumbs"><ol><li><a href="/">Home</a></li><li><a href="/kitchen">Kitchen</a></li></ol></nav>
<h1>Mugs</h1>
<ul class="grid">
<li><h2>Stoneware mug, ash glaze</h2><p>Thrown on the wheel, 350 ml.</p><p>£24</p></li>
<li><h2>Porcelain cup, celadon</h2><p>Thin-walled and light, 200 ml.</p><p>£30</p></li>
</ul>
<nav class="pages"><a href="?page=1">1</a> <a href="?page=2">2</a> <a href="?page=2">Next page</a></nav>
</main></body></html>`;

describe("the page decision on a listing whose model kept its navigation", () => {
  const page = segmentHtml(CATEGORY);
  const everything = verdictsWhere(page, () => true);

  it("drops the breadcrumb trail and the pagination, keeps the items", () => {
    const text = keptTextAs(page, everything, "listing");
    expect(text).toContain("Stoneware mug, ash glaze");
    expect(text).toContain("Thin-walled and light");
    expect(text).not.toContain("Kitchen");
    expect(text).not.toContain("Next page");
  });

  it("keeps a documentation page's navigation (its own table of contents is the model's to judge)", () => {
    expect(keptTextAs(page, everything, "documentation")).toContain("Next page");
  });
});

const SHOP = `<html><head><title>Stoneware mug - Clayfield Pottery</title></head><body><main>
<h1>Stoneware mug, ash glaze</h1>
<p>Thrown on the wheel in our village workshop, each mug holds a generous 350 ml and keeps its warmth.</p>
<div class="variants"><label for="size">Choose your size</label><select id="size"><option>Small mug</option><option>Large mug</option></select>
<button class="add-to-cart">Add this mug to your basket</button></div>
<p>The ash glaze pools in the throwing rings, so no two mugs come out of the kiln quite alike.</p>
<blockquote><p>My morning coffee has never stayed warm this long.</p><footer>— a customer from the coast</footer></blockquote>
</main>
<aside class="sidebar"><p>Customers who bought this mug also looked at our milk jugs and sugar bowls.</p></aside>
<footer class="site-footer"><p>Clayfield Pottery, Mill Lane workshop, open Tuesday to Saturday.</p></footer>
<div role="contentinfo"><p>All pots are fired in small batches and packed by hand in recycled paper.</p></div>
</body></html>`;

describe("the page decision on a shop page whose model kept the controls and the footer", () => {
  const page = segmentHtml(SHOP);
  const everything = verdictsWhere(page, () => true);

  it("drops the controls' and the footer's text on a product, keeps the description", () => {
    const text = keptTextAs(page, everything, "product");
    expect(text).not.toContain("Add this mug");
    expect(text).not.toContain("Choose your size");
    expect(text).not.toContain("Mill Lane workshop");
    expect(text).not.toContain("packed by hand");
    expect(text).not.toContain("milk jugs");
    expect(text).toContain("Thrown on the wheel");
    expect(text).toContain("no two mugs come out of the kiln");
    expect(text).toContain("a customer from the coast");
  });

  it("drops the footer but keeps the buttons on a service page (a pricing card's plan names are its content)", () => {
    const text = keptTextAs(page, everything, "service");
    expect(text).not.toContain("Mill Lane workshop");
    expect(text).toContain("Add this mug");
  });

  it("keeps a thread's footers (a post's edit note) and an article's sidebar (a fact box)", () => {
    expect(keptTextAs(page, everything, "thread")).toContain("Mill Lane workshop");
    expect(keptTextAs(page, everything, "article")).toContain("milk jugs");
  });
});
