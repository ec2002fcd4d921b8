import { describe, expect, it } from "vitest";
import { stripSiteName } from "../../src/core/metadata/title";

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
});
