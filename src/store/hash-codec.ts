/** 64-bit block hashes travel as 16 hex digits and are stored as 8 raw bytes: half the size. */

export function packHashes(hashes: readonly string[]): Uint8Array {
  const out = new Uint8Array(hashes.length * 8);
  hashes.forEach((h, i) => {
    for (let b = 0; b < 8; b++) out[i * 8 + b] = parseInt(h.slice(b * 2, b * 2 + 2), 16);
  });
  return out;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export function unpackHashes(bytes: ArrayBuffer | Uint8Array): string[] {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const out: string[] = [];
  for (let i = 0; i + 8 <= view.length; i += 8) {
    let h = "";
    for (let b = 0; b < 8; b++) h += HEX[view[i + b]!];
    out.push(h);
  }
  return out;
}
