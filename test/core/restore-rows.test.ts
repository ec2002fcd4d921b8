import { describe, expect, it } from "vitest";
import { DEFAULT_EVICTION, DomainState } from "../../src/core/domain-state";
import { packU32 } from "../../src/store/hash-codec";
import { restoreRows, type StoredDocumentRow } from "../../src/store/restore-rows";

describe("restoreRows", () => {
  it("gives the state of restoring the documents one by one, with one branch array per distinct branch", () => {
    const branches = [["www"], ["www", "news"], ["www", "news", "2026"], ["blog"]];
    const docs = Array.from({ length: 60 }, (_, i) => ({
      key: `https://example.com/p${i}`,
      branch: branches[(i * 7) % branches.length]!,
      time: 1000 + i,
      hashes: Uint32Array.from(new Set([1, 2 + (i % 3), 100 + i, 1000 + ((i * 13) % 17)])),
    }));
    const rows: StoredDocumentRow[] = docs.map((d, i) => ({
      seq: 10 + i,
      url_key: d.key,
      branch: JSON.stringify(d.branch),
      time: d.time,
      hashes: packU32(d.hashes).buffer as ArrayBuffer,
    }));
    const restored = restoreRows("example.com", DEFAULT_EVICTION, rows);
    const oneByOne = new DomainState("example.com", DEFAULT_EVICTION);
    for (const d of docs) oneByOne.restore({ ...d, branch: [...d.branch], hashes: Uint32Array.from(d.hashes) });
    expect(restored.toJSON()).toEqual(oneByOne.toJSON());
    expect(docs.map((d) => [d.key, restored.rowId(d.key)])).toEqual(docs.map((d, i) => [d.key, 10 + i]));
    const arrays = new Set([...restored.heldDocuments()].map((d) => d.branch));
    expect(arrays.size).toBe(branches.length);
  });
});
