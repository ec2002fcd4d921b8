import { describe, expect, it } from "vitest";
import { missingSpecRows } from "../../src/core/product-specs";
import { segmentHtml } from "../../src/core/segment";

const PAGE = `<html><head><title>Tern Kettle</title></head><body><main>
<h1>Tern Kettle</h1><p>A stovetop kettle of brushed steel with a whistle that sings when the water boils.</p>
<table class="specs"><tr><th>Capacity</th><td>1.7 litres</td></tr><tr><th>Weight</th><td>0.9 kg</td></tr>
<tr><th>Material</th><td>18/10 stainless steel</td></tr><tr><th>Hobs</th><td>Gas, electric, induction</td></tr></table>
<table class="price"><tr><th>Price</th><td>£45.00</td></tr><tr><th>Delivery</th><td>£3.95</td></tr></table>
<table class="downloads"><tr><td><a href="/manual.pdf">Manual</a></td><td><a href="/manual-fr.pdf">Manuel</a></td></tr>
<tr><td><a href="/care.pdf">Care guide</a></td><td><a href="/care-fr.pdf">Entretien</a></td></tr>
<tr><td><a href="/warranty.pdf">Warranty</a></td><td><a href="/warranty-fr.pdf">Garantie</a></td></tr></table>
</main></body></html>`;

describe("a product page's specification tables", () => {
  const page = segmentHtml(PAGE);
  const texts = (rows: number[]) => rows.map((i) => page.blocks[i]!.text);
  const none = page.blocks.map(() => false);

  it("are every row of a two-column table of at least three text rows", () => {
    const rows = texts(missingSpecRows(page, none, new Set()));
    expect(rows).toHaveLength(4);
    expect(rows.join("\n")).toContain("1.7 litres");
    expect(rows.join("\n")).toContain("Gas, electric, induction");
  });

  it("leave out short tables, tables of links, rows already content and rows leaving the page", () => {
    const weight = page.blocks.findIndex((b) => b.text.includes("0.9 kg"));
    const hobs = page.blocks.findIndex((b) => b.text.includes("induction"));
    const content = page.blocks.map((_, i) => i === weight);
    const rows = texts(missingSpecRows(page, content, new Set([hobs])));
    expect(rows.join("\n")).not.toContain("£45.00");
    expect(rows.join("\n")).not.toContain("Manual");
    expect(rows).toEqual([expect.stringContaining("1.7 litres"), expect.stringContaining("18/10")]);
  });
});
