import { describe, expect, it } from "vitest";
import { namesSite, stripSiteName } from "../../src/core/metadata/title";

describe("stripSiteName, site names inside the headline", () => {
  it("keeps a prefix that contains the host's name when the rest names the site too", () => {
    const docs = { siteName: null, host: "docs.quillstore.example" };
    expect(stripSiteName("Quillstore playbooks — Quillstore Community Documentation", docs)).toBe(
      "Quillstore playbooks — Quillstore Community Documentation",
    );
    // The rest is a headline of its own: the prefix is the site's and goes.
    expect(stripSiteName("Quillstore: ten years of small paper notebooks", docs)).toBe(
      "ten years of small paper notebooks",
    );
  });

  it("ignores a site name that is the whole title (og:site_name copied from the title)", () => {
    const title = "How to bind a notebook: a complete guide for 2026 | Quillstore";
    expect(stripSiteName(title, { siteName: title, host: "quillstore.example" })).toBe(
      "How to bind a notebook: a complete guide for 2026",
    );
  });

  it("takes the host's domain written out for the site's name, however short its label", () => {
    const hints = { siteName: null, host: "www.rtv.example" };
    expect(namesSite("RTV.example", hints)).toBe(true);
    expect(namesSite("news.rtv.example", { siteName: null, host: "news.rtv.example" })).toBe(true);
    expect(stripSiteName("RTV.example - Depot becomes a covered market - March 5, 2024", hints)).toBe(
      "Depot becomes a covered market - March 5, 2024",
    );
    // Another site's domain, or only the public suffix, is not this site's name.
    expect(namesSite("TVR.example", hints)).toBe(false);
    expect(namesSite("co.uk", { siteName: null, host: "www.rtv.co.uk" })).toBe(false);
  });
});
