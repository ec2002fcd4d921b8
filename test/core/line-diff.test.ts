/** The golden check's diff output: what a reviewer reads when an expected file is out of date. */
import { describe, expect, it } from "vitest";
import { unifiedDiff } from "../../scripts/lib/line-diff";

const labels = { from: "a/x", to: "b/x" };

describe("unifiedDiff", () => {
  it("is empty for equal texts", () => {
    expect(unifiedDiff("a\nb\n", "a\nb\n", labels)).toBe("");
  });

  it("shows a changed line as a deletion then an insertion, with context and hunk ranges", () => {
    const before = ["1", "2", "3", "4", "5", "6", "7", "8"].join("\n");
    const after = ["1", "2", "3", "4", "five", "6", "7", "8"].join("\n");
    expect(unifiedDiff(before, after, labels, 2)).toBe(
      ["--- a/x", "+++ b/x", "@@ -3,5 +3,5 @@", " 3", " 4", "-5", "+five", " 6", " 7", ""].join("\n"),
    );
  });

  it("splits distant changes into separate hunks", () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const after = before.map((line, i) => (i === 1 || i === 18 ? line + "!" : line));
    const diff = unifiedDiff(before.join("\n"), after.join("\n"), labels, 1);
    expect(diff.match(/^@@/gm)).toHaveLength(2);
    expect(diff).toContain("-line 18\n+line 18!");
  });
});
