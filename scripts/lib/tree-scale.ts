/**
 * One domain at the document cap, in Node: the tree's heap, the restart rebuild and the export,
 * with corpus pages repeated under distinct URLs until the cap is reached.
 *
 * Copies must look like new pages of the same site, not like the same page again: a hash that
 * occurs on two or more of the source pages (the template) is kept as is, a hash of one source
 * page only (its content) is salted per copy, so each copy brings its own content blocks, as a real
 * site's pages do. Copies get their own leaf (the last path segment suffixed), so the tree's shape
 * grows as a site's does. Run with node --expose-gc (npm run bench does).
 */
import { documentLine, headerLine } from "../../src/core/domain-export";
import { DEFAULT_EVICTION, type HeldDocument } from "../../src/core/domain-state";
import { packU32 } from "../../src/store/hash-codec";
import { restoreRows, type StoredDocumentRow } from "../../src/store/restore-rows";

export interface SourcePage {
  key: string;
  branch: string[];
  hashes: readonly string[];
}

export interface TreeScaleReport {
  documents: number;
  sourcePages: number;
  /**
   * Memory of the DomainState and the object's row-id map after full collections, the rows let go:
   * V8 heap plus ArrayBuffers (typed arrays' contents live outside the heap) against the process
   * before the documents were made: tree, count tables, documents' keys, branches and hashes, row
   * ids. (Until 2026-11-27 the growth across the rebuild with the rows alive, which left out the
   * keys and anything else the state took from the rows.)
   */
  heapMb: number;
  /** Bytes of the count tables alone. */
  tableMb: number;
  nodes: number;
  /** Explicit (node, hash) counts held and how many of them are 1; hashes held by one document (implied counts). */
  explicitCounts: number;
  explicitOnes: number;
  soleHashes: number;
  /**
   * Rebuild of the state from stored rows (hash blobs, branch JSON), as the object does when it
   * starts (src/store/restore-rows.ts, DomainTree's own code, row ids map included): wall and CPU.
   */
  rebuildMs: number;
  rebuildCpuMs: number;
  /** Size of what SQLite would hold per row (hash blobs + branch + key), MB. */
  rowsMb: number;
  /** Streamed NDJSON export: time, bytes, and the most heap above the state's it ever held. */
  exportNdjson: { ms: number; mb: number; peakHeapMb: number };
  /** The original JSON export, built whole: time, bytes, peak heap above the state's. */
  exportJson: { ms: number; mb: number; peakHeapMb: number };
}

const salt = (h: number, copy: number) => (h ^ Math.imul(copy + 1, 0x9e3779b1)) >>> 0;

/** The source pages turned into `documents` distinct documents of one site. */
export function syntheticDocuments(pages: readonly SourcePage[], documents: number): HeldDocument[] {
  const occurrences = new Map<number, number>();
  const parsed = pages.map((p) => Uint32Array.from(new Set(p.hashes.map((h) => parseInt(h, 16)))));
  for (const hashes of parsed) for (const h of hashes) occurrences.set(h, (occurrences.get(h) ?? 0) + 1);
  const out: HeldDocument[] = [];
  for (let i = 0; i < documents; i++) {
    const copy = Math.floor(i / pages.length);
    const page = pages[i % pages.length]!;
    const source = parsed[i % pages.length]!;
    const hashes = copy === 0 ? source : source.map((h) => (occurrences.get(h)! > 1 ? h : salt(h, copy)));
    const branch = [...page.branch];
    if (copy > 0) branch[branch.length - 1] = `${branch.at(-1) ?? ""}-c${copy}`;
    const key = copy === 0 ? page.key : `${page.key}#c${copy}`;
    out.push({ key, branch, time: i, hashes: Uint32Array.from(new Set(hashes)) });
  }
  return out;
}

const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const gcTwice = (gc: () => void) => {
  gc();
  gc();
};

export function measureTreeScale(pages: readonly SourcePage[], documents: number, gc: () => void): TreeScaleReport {
  gcTwice(gc);
  const empty = used();
  const docs = syntheticDocuments(pages, documents);
  // What the object's SQLite rows hold: the rebuild reads exactly these.
  const rows: StoredDocumentRow[] = docs.map((d, i) => ({
    seq: i + 1,
    url_key: d.key,
    branch: JSON.stringify(d.branch),
    time: d.time,
    // An ArrayBuffer, as a SQLite cursor yields a BLOB.
    hashes: packU32(d.hashes).buffer as ArrayBuffer,
  }));
  const rowsMb = rows.reduce((s, r) => s + r.hashes.byteLength + r.branch.length + r.url_key.length + 8, 0) / 1e6;
  docs.length = 0;

  const policy = { ...DEFAULT_EVICTION, maxDocs: Math.max(documents, DEFAULT_EVICTION.maxDocs), maxAgeMs: Infinity };
  gcTwice(gc);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  // The row ids the object keeps are in the state since rows20 (DomainState.rowId, a Float64Array);
  // until then a Map beside it (DomainTree.seqs), ~0.46 MB at 10,000 keys, built and held here.
  const state = restoreRows("bench.example", policy, rows);
  const rebuildMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const rebuildCpuMs = (cpu.user + cpu.system) / 1000;
  // The rows are let go, as the cursor's are: what the state took from them (the keys) is the
  // state's, the rest is garbage.
  rows.length = 0;
  gcTwice(gc);
  const heapMb = (used() - empty) / 1e6;
  if (state.size > 0 && state.rowId(state.held.key(0)) !== 1) throw new Error("tree-scale: row ids expected");

  const nodes = state.tree.nodeCount();
  const tableBytes = state.tree.tableBytes();
  const { explicit, explicitOnes, sole } = state.tree.countStats();

  const exportNdjson = measureExport(gc, () => {
    // As DomainTree.exportStream does: a header, then chunks of 100 lines, each encoded and let go.
    const encoder = new TextEncoder();
    const held = state.held.snapshot();
    let bytes = encoder.encode(headerLine(state.domain, held.size)).byteLength;
    let peak = 0;
    for (let i = 0; i < held.size; i += 100) {
      let text = "";
      for (let j = i; j < Math.min(held.size, i + 100); j++) text += documentLine(held.document(j));
      bytes += encoder.encode(text).byteLength;
      peak = Math.max(peak, used());
    }
    return { bytes, peak };
  });
  const exportJson = measureExport(gc, () => {
    const text = JSON.stringify(state.toJSON());
    const peak = used();
    return { bytes: new TextEncoder().encode(text).byteLength, peak };
  });

  return {
    documents: state.size,
    sourcePages: pages.length,
    heapMb,
    tableMb: tableBytes / 1e6,
    nodes,
    explicitCounts: explicit,
    explicitOnes,
    soleHashes: sole,
    rebuildMs,
    rebuildCpuMs,
    rowsMb,
    exportNdjson,
    exportJson,
  };
}

function measureExport(
  gc: () => void,
  run: () => { bytes: number; peak: number },
): { ms: number; mb: number; peakHeapMb: number } {
  gcTwice(gc);
  const base = used();
  const t0 = performance.now();
  const { bytes, peak } = run();
  const ms = performance.now() - t0;
  return { ms, mb: bytes / 1e6, peakHeapMb: Math.max(0, peak - base) / 1e6 };
}
