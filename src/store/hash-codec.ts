/**
 * Block hashes travel as hex digits (8 since schema 2) and are stored as raw big-endian bytes,
 * 4 per hash: half the size of the text.
 */

export const HASH_BYTES = 4;

const HASH = /^[0-9a-f]{8}$/;

/** Throws on anything but 8 lowercase hex digits: a hash stored other than it is held would change the tree on reload. */
export function packHashes(hashes: readonly string[]): Uint8Array {
  const out = new Uint8Array(hashes.length * HASH_BYTES);
  const view = new DataView(out.buffer);
  for (let i = 0; i < hashes.length; i++) {
    const h = hashes[i]!;
    if (!HASH.test(h)) throw new Error(`not a 32-bit block hash: ${JSON.stringify(h)}`);
    view.setUint32(i * HASH_BYTES, parseInt(h, 16));
  }
  return out;
}

export function unpackHashes(bytes: ArrayBuffer | Uint8Array): string[] {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: string[] = [];
  for (let i = 0; i + HASH_BYTES <= data.length; i += HASH_BYTES)
    out.push(view.getUint32(i).toString(16).padStart(8, "0"));
  return out;
}

/**
 * Schema 1 stored 8-byte hashes; their first 4 bytes are the 32-bit hash of the same block (see
 * hash32 in core/block-hash.ts). Two hashes of one document may narrow to the same value: kept
 * once, since a document counts each hash once.
 */
export function narrowSchema1Hashes(bytes: ArrayBuffer | Uint8Array): Uint8Array {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const seen = new Set<number>();
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: number[] = [];
  for (let i = 0; i + 8 <= data.length; i += 8) {
    const h = view.getUint32(i);
    if (!seen.has(h)) {
      seen.add(h);
      out.push(h);
    }
  }
  const packed = new Uint8Array(out.length * HASH_BYTES);
  const outView = new DataView(packed.buffer);
  out.forEach((h, i) => outView.setUint32(i * HASH_BYTES, h));
  return packed;
}

/** The tree's in-memory form straight to storage: 4 bytes per hash, big-endian (as packHashes writes). */
export function packU32(hashes: Uint32Array): Uint8Array {
  const out = new Uint8Array(hashes.length * HASH_BYTES);
  const view = new DataView(out.buffer);
  for (let i = 0; i < hashes.length; i++) view.setUint32(i * HASH_BYTES, hashes[i]!);
  return out;
}

/** Whether this host's typed arrays are little-endian (every platform Workers and Node run on is, but say so). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * `length` stored hashes (big-endian, 4 bytes each) decoded into `out` from `at`: the restart's
 * path (./restore-rows.ts), one transient typed view per blob and no DataView, no array kept. An
 * aligned blob (SQLite's cursor gives each BLOB its own ArrayBuffer) is read as host-order u32 and
 * byte-swapped; any other by bytes.
 */
export function unpackU32Into(bytes: ArrayBuffer | Uint8Array, out: Uint32Array, at: number, length: number): void {
  const buffer = bytes instanceof Uint8Array ? bytes.buffer : bytes;
  const offset = bytes instanceof Uint8Array ? bytes.byteOffset : 0;
  if (LITTLE_ENDIAN && offset % HASH_BYTES === 0) {
    const words = new Uint32Array(buffer, offset, length);
    for (let i = 0; i < length; i++) {
      const x = words[i]!;
      out[at + i] = ((x << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24)) >>> 0;
    }
    return;
  }
  const data = new Uint8Array(buffer, offset, length * HASH_BYTES);
  for (let i = 0; i < length; i++) {
    const j = i * HASH_BYTES;
    out[at + i] = ((data[j]! << 24) | (data[j + 1]! << 16) | (data[j + 2]! << 8) | data[j + 3]!) >>> 0;
  }
}
