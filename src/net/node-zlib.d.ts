/**
 * The one node:zlib API the Worker uses (Brotli decoding in content-decoding.ts; workerd provides it
 * under nodejs_compat). Declared here instead of adding @types/node to the Worker program, which
 * would let Node-only APIs type-check everywhere in src.
 */
declare module "node:zlib" {
  /** Throws a RangeError once the output would pass `maxOutputLength`. */
  export function brotliDecompressSync(input: Uint8Array, options?: { maxOutputLength?: number }): Uint8Array;
}
