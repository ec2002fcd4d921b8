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

/** Storage straight to the tree's in-memory form, without a string per hash: what makes a restart fast. */
export function unpackU32(bytes: ArrayBuffer | Uint8Array): Uint32Array {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out = new Uint32Array(Math.floor(data.length / HASH_BYTES));
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * HASH_BYTES);
  return out;
}
