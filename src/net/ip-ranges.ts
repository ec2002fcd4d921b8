/**
 * Special-purpose IP address ranges that an outbound fetch must not reach, as two tables taken from
 * IANA's special-purpose address registries (iana-ipv4-special-registry, iana-ipv6-special-registry,
 * as of 2025), plus the multicast blocks and the deprecated ranges that live in other registries.
 * Each row keeps the registry's name and RFC, so a refusal names exactly what the address is.
 *
 * Every row of the registries is refused, including the few marked "globally reachable" (PCP/TURN
 * anycast, AS112, AMT): they are protocol services, never web sites, so refusing them costs nothing.
 * Three IPv6 rows carry an IPv4 address inside (IPv4-mapped, NAT64, 6to4); they are refused when
 * that IPv4 address is (a gateway or relay would forward to it), and allowed for a public one.
 * Teredo is refused outright (its server and client addresses are named in the message): relays are
 * gone from the public Internet and the obfuscated client address is an easy way to hide a target.
 *
 * Works on the host strings the WHATWG URL parser produces (`new URL(...).hostname`): IPv4 as a
 * dotted quad (decimal `2130706433`, hex `0x7f.1`, short `127.1` are normalized by the parser), IPv6
 * lower-case, `::`-compressed, an embedded IPv4 written in hex. Web Standards only; no DNS.
 */

/** One registry row: address block, prefix length, the registry's name and the defining RFC. */
export interface V4Row {
  readonly network: string;
  readonly prefix: number;
  readonly name: string;
  readonly rfc: string;
}

export interface V6Row {
  readonly network: string;
  readonly prefix: number;
  readonly name: string;
  readonly rfc: string;
  /** Where an embedded IPv4 address sits: refused only when that address is. */
  readonly embedded?: "last32" | "6to4";
  /** Teredo: always refused, the message names the server and (de-obfuscated) client IPv4. */
  readonly teredo?: true;
}

/** IANA IPv4 Special-Purpose Address Registry, every row, plus multicast (224.0.0.0/4, RFC 5771). */
export const IPV4_SPECIAL: readonly V4Row[] = [
  { network: "0.0.0.0", prefix: 8, name: '"This network"', rfc: "RFC 791" },
  { network: "0.0.0.0", prefix: 32, name: '"This host on this network"', rfc: "RFC 1122" },
  { network: "10.0.0.0", prefix: 8, name: "Private-Use", rfc: "RFC 1918" },
  { network: "100.64.0.0", prefix: 10, name: "Shared Address Space (carrier-grade NAT)", rfc: "RFC 6598" },
  { network: "127.0.0.0", prefix: 8, name: "Loopback", rfc: "RFC 1122" },
  { network: "169.254.0.0", prefix: 16, name: "Link Local (cloud metadata)", rfc: "RFC 3927" },
  { network: "172.16.0.0", prefix: 12, name: "Private-Use", rfc: "RFC 1918" },
  { network: "192.0.0.0", prefix: 24, name: "IETF Protocol Assignments", rfc: "RFC 6890" },
  { network: "192.0.0.0", prefix: 29, name: "IPv4 Service Continuity Prefix", rfc: "RFC 7335" },
  { network: "192.0.0.8", prefix: 32, name: "IPv4 dummy address", rfc: "RFC 7600" },
  { network: "192.0.0.9", prefix: 32, name: "Port Control Protocol Anycast", rfc: "RFC 7723" },
  { network: "192.0.0.10", prefix: 32, name: "Traversal Using Relays around NAT Anycast", rfc: "RFC 8155" },
  { network: "192.0.0.170", prefix: 32, name: "NAT64/DNS64 Discovery", rfc: "RFC 7050" },
  { network: "192.0.0.171", prefix: 32, name: "NAT64/DNS64 Discovery", rfc: "RFC 7050" },
  { network: "192.0.2.0", prefix: 24, name: "Documentation (TEST-NET-1)", rfc: "RFC 5737" },
  { network: "192.31.196.0", prefix: 24, name: "AS112-v4", rfc: "RFC 7535" },
  { network: "192.52.193.0", prefix: 24, name: "AMT", rfc: "RFC 7450" },
  { network: "192.88.99.0", prefix: 24, name: "Deprecated (6to4 Relay Anycast)", rfc: "RFC 7526" },
  { network: "192.168.0.0", prefix: 16, name: "Private-Use", rfc: "RFC 1918" },
  { network: "192.175.48.0", prefix: 24, name: "Direct Delegation AS112 Service", rfc: "RFC 7534" },
  { network: "198.18.0.0", prefix: 15, name: "Benchmarking", rfc: "RFC 2544" },
  { network: "198.51.100.0", prefix: 24, name: "Documentation (TEST-NET-2)", rfc: "RFC 5737" },
  { network: "203.0.113.0", prefix: 24, name: "Documentation (TEST-NET-3)", rfc: "RFC 5737" },
  { network: "224.0.0.0", prefix: 4, name: "Multicast", rfc: "RFC 5771" },
  { network: "240.0.0.0", prefix: 4, name: "Reserved", rfc: "RFC 1112" },
  { network: "255.255.255.255", prefix: 32, name: "Limited Broadcast", rfc: "RFC 919" },
];

/**
 * IANA IPv6 Special-Purpose Address Registry, every row, plus the blocks outside it that are no
 * more reachable: multicast (ff00::/8), deprecated site-local (fec0::/10), deprecated
 * IPv4-compatible (::/96) and IPv4-translated (::ffff:0:0:0/96, RFC 2765) addresses.
 */
export const IPV6_SPECIAL: readonly V6Row[] = [
  { network: "::1", prefix: 128, name: "Loopback Address", rfc: "RFC 4291" },
  { network: "::", prefix: 128, name: "Unspecified Address", rfc: "RFC 4291" },
  { network: "::", prefix: 96, name: "IPv4-compatible Address (deprecated)", rfc: "RFC 4291", embedded: "last32" },
  { network: "::ffff:0:0", prefix: 96, name: "IPv4-mapped Address", rfc: "RFC 4291", embedded: "last32" },
  { network: "::ffff:0:0:0", prefix: 96, name: "IPv4-translated Address", rfc: "RFC 2765", embedded: "last32" },
  { network: "64:ff9b::", prefix: 96, name: "IPv4-IPv6 Translat. (NAT64)", rfc: "RFC 6052", embedded: "last32" },
  { network: "64:ff9b:1::", prefix: 48, name: "IPv4-IPv6 Translat. (local-use NAT64)", rfc: "RFC 8215" },
  { network: "100::", prefix: 64, name: "Discard-Only Address Block", rfc: "RFC 6666" },
  { network: "100:0:0:1::", prefix: 64, name: "Dummy IPv6 Prefix", rfc: "RFC 9780" },
  { network: "2001::", prefix: 23, name: "IETF Protocol Assignments", rfc: "RFC 2928" },
  { network: "2001::", prefix: 32, name: "TEREDO", rfc: "RFC 4380", teredo: true },
  { network: "2001:1::1", prefix: 128, name: "Port Control Protocol Anycast", rfc: "RFC 7723" },
  { network: "2001:1::2", prefix: 128, name: "Traversal Using Relays around NAT Anycast", rfc: "RFC 8155" },
  { network: "2001:1::3", prefix: 128, name: "DNS-SD Service Registration Protocol Anycast", rfc: "RFC 9665" },
  { network: "2001:2::", prefix: 48, name: "Benchmarking", rfc: "RFC 5180" },
  { network: "2001:3::", prefix: 32, name: "AMT", rfc: "RFC 7450" },
  { network: "2001:4:112::", prefix: 48, name: "AS112-v6", rfc: "RFC 7535" },
  { network: "2001:10::", prefix: 28, name: "Deprecated (previously ORCHID)", rfc: "RFC 4843" },
  { network: "2001:20::", prefix: 28, name: "ORCHIDv2", rfc: "RFC 7343" },
  { network: "2001:30::", prefix: 28, name: "Drone Remote ID Protocol Entity Tags (DETs) Prefix", rfc: "RFC 9374" },
  { network: "2001:db8::", prefix: 32, name: "Documentation", rfc: "RFC 3849" },
  { network: "2002::", prefix: 16, name: "6to4", rfc: "RFC 3056", embedded: "6to4" },
  { network: "2620:4f:8000::", prefix: 48, name: "Direct Delegation AS112 Service", rfc: "RFC 7534" },
  { network: "3fff::", prefix: 20, name: "Documentation", rfc: "RFC 9637" },
  { network: "5f00::", prefix: 16, name: "Segment Routing (SRv6) SIDs", rfc: "RFC 9602" },
  { network: "fc00::", prefix: 7, name: "Unique-Local", rfc: "RFC 4193" },
  { network: "fe80::", prefix: 10, name: "Link-Local Unicast", rfc: "RFC 4291" },
  { network: "fec0::", prefix: 10, name: "Site-Local (deprecated)", rfc: "RFC 3879" },
  { network: "ff00::", prefix: 8, name: "Multicast", rfc: "RFC 4291" },
];

function v4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

/** A dotted quad of decimal octets to a 32-bit number, or null when it is not one. */
export function parseIPv4(host: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  if (octets.some((o) => o > 255)) return null;
  const [a = 0, b = 0, c = 0, d = 0] = octets;
  return v4(a, b, c, d);
}

function formatIPv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join(".");
}

/**
 * An IPv6 address (no brackets, no zone id) to its eight 16-bit groups, or null. Accepts `::`
 * compression and a trailing dotted IPv4 part, so hand-written forms work too.
 */
export function parseIPv6(host: string): number[] | null {
  let text = host;
  const lastColon = text.lastIndexOf(":");
  if (lastColon >= 0 && text.includes(".", lastColon)) {
    // Rewrite a trailing dotted quad as two hex groups: ::ffff:1.2.3.4 -> ::ffff:102:304.
    const quad = parseIPv4(text.slice(lastColon + 1));
    if (quad === null) return null;
    text = `${text.slice(0, lastColon + 1)}${(quad >>> 16).toString(16)}:${(quad & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    for (const g of part.split(":")) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? "");
  if (head === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const tail = groupsOf(halves[1] ?? "");
  if (tail === null || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

interface CompiledV4 {
  row: V4Row;
  network: number;
  mask: number;
}

interface CompiledV6 {
  row: V6Row;
  network: readonly number[];
}

function mask32(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

function requireV4(text: string): number {
  const n = parseIPv4(text);
  if (n === null) throw new Error(`ip-ranges: bad IPv4 network ${text}`);
  return n;
}

function requireV6(text: string): number[] {
  const g = parseIPv6(text);
  if (g === null) throw new Error(`ip-ranges: bad IPv6 network ${text}`);
  return g;
}

// Most specific first, so an address inside a smaller row (TEREDO inside IETF Protocol Assignments)
// is reported under the smaller row's name.
const V4_COMPILED: readonly CompiledV4[] = IPV4_SPECIAL.map((row) => ({
  row,
  network: requireV4(row.network),
  mask: mask32(row.prefix),
})).sort((a, b) => b.row.prefix - a.row.prefix);

const V6_COMPILED: readonly CompiledV6[] = IPV6_SPECIAL.map((row) => ({ row, network: requireV6(row.network) })).sort(
  (a, b) => b.row.prefix - a.row.prefix,
);

function inV6(groups: readonly number[], network: readonly number[], prefix: number): boolean {
  for (let i = 0, left = prefix; left > 0; i++, left -= 16) {
    const bits = Math.min(16, left);
    const m = (0xffff << (16 - bits)) & 0xffff;
    if (((groups[i] ?? 0) & m) !== ((network[i] ?? 0) & m)) return false;
  }
  return true;
}

/** The registry row an IPv4 address (32-bit number) falls in, the most specific one, or null. */
export function ipv4Row(addr: number): V4Row | null {
  for (const { row, network, mask } of V4_COMPILED) if ((addr & mask) >>> 0 === network) return row;
  return null;
}

/** The registry row an IPv6 address (eight groups) falls in, the most specific one, or null. */
export function ipv6Row(groups: readonly number[]): V6Row | null {
  for (const { row, network } of V6_COMPILED) if (inV6(groups, network, row.prefix)) return row;
  return null;
}

function describe(row: { network: string; prefix: number; name: string; rfc: string }): string {
  return `${row.name} (${row.network}/${row.prefix}, ${row.rfc})`;
}

/** Why this IPv4 address (32-bit number) is forbidden, or null when it is a public address. */
export function ipv4Reason(addr: number): string | null {
  const row = ipv4Row(addr);
  return row === null ? null : describe(row);
}

const word = (g: readonly number[], hi: number): number => (((g[hi] ?? 0) << 16) | (g[hi + 1] ?? 0)) >>> 0;

/** Why this IPv6 address (eight groups) is forbidden, or null when it is a public address. */
export function ipv6Reason(groups: readonly number[]): string | null {
  const row = ipv6Row(groups);
  if (row === null) return null;
  if (row.teredo) {
    // RFC 4380 §4: server IPv4 in bits 32-63, client IPv4 in the last 32 bits, inverted.
    const server = formatIPv4(word(groups, 2));
    const client = formatIPv4(~word(groups, 6) >>> 0);
    return `${describe(row)}: tunnels to server ${server}, client ${client}`;
  }
  if (row.embedded) {
    const inner = row.embedded === "6to4" ? word(groups, 1) : word(groups, 6);
    const reason = ipv4Reason(inner);
    return reason === null ? null : `${describe(row)} embedding ${formatIPv4(inner)}: ${reason}`;
  }
  return describe(row);
}
