/**
 * The streamed export of one domain's tree, and its validation on import: NDJSON, one header line
 * and then one line per held document, in queue order (oldest first). Only the documents travel:
 * the counts are a function of them and are rebuilt on import, so an export cannot carry counts
 * that disagree with its documents, and each line is small (memory stays flat both ways).
 *
 *   {"format":"urltree-domain","version":1,"domain":"example.com","documents":2}
 *   {"key":"https://example.com/a.html","branch":["a.html"],"time":1700000000000,"hashes":"0a1b2c3d9f00aa01"}
 *
 * `hashes` is the document's 32-bit block hashes, 8 hex digits each, concatenated: half the size of
 * a JSON array of strings. An import is refused whole at the first problem, named with its line.
 */
import type { HeldDocument } from "./domain-state";
import { u32ToHash } from "./hash-u32";
import { keyPlace } from "./url-key";

export const EXPORT_FORMAT = "urltree-domain";
export const EXPORT_VERSION = 1;

export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  domain: string;
  documents: number;
}

export function headerLine(domain: string, documents: number): string {
  const header: ExportHeader = { format: EXPORT_FORMAT, version: EXPORT_VERSION, domain, documents };
  return JSON.stringify(header) + "\n";
}

export function documentLine(doc: HeldDocument): string {
  let hashes = "";
  for (let i = 0; i < doc.hashes.length; i++) hashes += u32ToHash(doc.hashes[i]!);
  return JSON.stringify({ key: doc.key, branch: doc.branch, time: doc.time, hashes }) + "\n";
}

/** What an import accepts; anything beyond is refused (a store must never hold what it could not have made). */
export interface ImportLimits {
  /** The object's EVICT_MAX_DOCS: an import never holds more than ingesting could. */
  maxDocs: number;
  maxKeyChars: number;
  maxBranchSegments: number;
  maxSegmentChars: number;
  maxHashesPerDocument: number;
  maxLineChars: number;
}

export const DEFAULT_IMPORT_LIMITS: Omit<ImportLimits, "maxDocs"> = {
  maxKeyChars: 8192,
  maxBranchSegments: 64,
  maxSegmentChars: 1024,
  maxHashesPerDocument: 20_000,
  maxLineChars: 256 * 1024,
};

export class ImportError extends Error {}

const HEX_RUN = /^(?:[0-9a-f]{8})*$/;

/**
 * Reads an export line by line (feed it lines without their newline; blank lines are refused, a
 * final empty line after the last newline is the caller's to drop) and returns the documents once
 * every line passed. Keeps only the decoded documents, never the text.
 */
export class ImportReader {
  private header: ExportHeader | null = null;
  private readonly docs: HeldDocument[] = [];
  private readonly keys = new Set<string>();
  private lineNo = 0;

  constructor(
    private readonly domain: string,
    private readonly limits: ImportLimits,
  ) {}

  line(text: string): void {
    this.lineNo++;
    const where = `line ${this.lineNo}`;
    if (text.length > this.limits.maxLineChars)
      this.fail(`${where}: longer than ${this.limits.maxLineChars} characters`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.fail(`${where}: not JSON`);
    }
    if (!isRecord(value)) this.fail(`${where}: not a JSON object`);
    if (!this.header) this.header = this.readHeader(value, where);
    else this.docs.push(this.readDocument(value, where));
  }

  finish(): HeldDocument[] {
    if (!this.header) this.fail("empty body: an export starts with its header line");
    if (this.docs.length !== this.header.documents) {
      this.fail(`the header announces ${this.header.documents} documents, the body has ${this.docs.length}`);
    }
    return this.docs;
  }

  private readHeader(v: Record<string, unknown>, where: string): ExportHeader {
    if (v.format !== EXPORT_FORMAT) this.fail(`${where}: "format" must be "${EXPORT_FORMAT}" (the header line)`);
    if (v.version !== EXPORT_VERSION) {
      this.fail(
        `${where}: unsupported export version ${JSON.stringify(v.version)} (this service reads ${EXPORT_VERSION})`,
      );
    }
    if (v.domain !== this.domain) {
      this.fail(`${where}: the export is of ${JSON.stringify(v.domain)}, not of ${JSON.stringify(this.domain)}`);
    }
    const n = v.documents;
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) this.fail(`${where}: "documents" must be a count`);
    if (n > this.limits.maxDocs)
      this.fail(`${where}: ${n} documents, over this domain's cap of ${this.limits.maxDocs}`);
    return { format: EXPORT_FORMAT, version: EXPORT_VERSION, domain: this.domain, documents: n };
  }

  private readDocument(v: Record<string, unknown>, where: string): HeldDocument {
    const L = this.limits;
    if (this.docs.length >= this.header!.documents) {
      this.fail(`${where}: more document lines than the ${this.header!.documents} the header announces`);
    }
    const { key, branch, time, hashes } = v;
    if (typeof key !== "string" || key.length === 0 || key.length > L.maxKeyChars) {
      this.fail(`${where}: "key" must be a URL key of 1 to ${L.maxKeyChars} characters`);
    }
    if (!/^https?:\/\//.test(key)) this.fail(`${where}: "key" must be an http(s) URL key`);
    // Domain and branch are read from the key as buildUrlKey made them (url-key.ts); a key it would
    // have spelled otherwise is the same document as the key it writes, and is refused.
    const place = keyPlace(key);
    if (!place) {
      this.fail(`${where}: key ${JSON.stringify(key.slice(0, 200))} is not a URL key as this service writes them`);
    }
    // A key of another domain would sit in this domain's tree (under a branch made from its own host),
    // and its documents are the other domain's: the keys this service stores all have the object's domain.
    if (place.domain !== this.domain) {
      this.fail(`${where}: key ${JSON.stringify(key.slice(0, 200))} is not of ${JSON.stringify(this.domain)}`);
    }
    if (this.keys.has(key)) this.fail(`${where}: key ${JSON.stringify(key.slice(0, 200))} appears twice`);
    if (
      !Array.isArray(branch) ||
      branch.length > L.maxBranchSegments ||
      !branch.every((s) => typeof s === "string" && s.length > 0 && s.length <= L.maxSegmentChars)
    ) {
      this.fail(`${where}: "branch" must be at most ${L.maxBranchSegments} non-empty segments of ${L.maxSegmentChars}`);
    }
    // The branch places the document in the tree: one that is not its key's (a hand-edited line, a
    // key pasted from another document) would count the document's blocks under another directory
    // while its key says this one, and a later page under that key would be placed elsewhere.
    if (!sameSegments(place.branch, branch as string[])) {
      this.fail(
        `${where}: "branch" ${JSON.stringify(branch).slice(0, 200)} is not the branch of key ${JSON.stringify(key.slice(0, 200))} (its key gives ${JSON.stringify(place.branch).slice(0, 200)})`,
      );
    }
    if (typeof time !== "number" || !Number.isSafeInteger(time) || time < 0) {
      this.fail(`${where}: "time" must be milliseconds since the epoch`);
    }
    if (typeof hashes !== "string" || !HEX_RUN.test(hashes)) {
      this.fail(`${where}: "hashes" must be 32-bit hashes as 8 lowercase hex digits each, concatenated`);
    }
    const n = hashes.length / 8;
    if (n > L.maxHashesPerDocument) this.fail(`${where}: ${n} hashes, over ${L.maxHashesPerDocument}`);
    const out = new Uint32Array(n);
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      const h = parseInt(hashes.slice(i * 8, i * 8 + 8), 16);
      if (seen.has(h))
        this.fail(`${where}: hash ${hashes.slice(i * 8, i * 8 + 8)} repeated (a document counts it once)`);
      seen.add(h);
      out[i] = h;
    }
    this.keys.add(key);
    return { key, branch: branch as string[], time, hashes: out };
  }

  private fail(message: string): never {
    throw new ImportError(message);
  }
}

function sameSegments(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
