/**
 * Special-purpose IP address ranges that an outbound fetch must not reach: private, loopback,
 * link-local (cloud metadata), CGNAT, multicast, reserved. Works on the host strings the WHATWG
 * URL parser produces (`new URL(...).hostname`), which are already canonical: IPv4 as a dotted
 * quad (decimal `2130706433`, hex `0x7f.1` and short `127.1` forms are normalized by the parser),
 * IPv6 lower-case and `::`-compressed with the embedded IPv4 written in hex (`::ffff:7f00:1`).
 *
 * Web Standards only; no DNS (Workers cannot resolve names).
 */

/** [network as a 32-bit number, prefix length, reason]. */
type V4Range = readonly [number, number, string];

const V4_RANGES: readonly V4Range[] = [
  [v4(0, 0, 0, 0), 8, "'this network' / unspecified address (0.0.0.0/8)"],
  [v4(10, 0, 0, 0), 8, "private address (10.0.0.0/8)"],
  [v4(100, 64, 0, 0), 10, "carrier-grade NAT address (100.64.0.0/10)"],
  [v4(127, 0, 0, 0), 8, "loopback address (127.0.0.0/8)"],
  [v4(169, 254, 0, 0), 16, "link-local / cloud metadata address (169.254.0.0/16)"],
  [v4(172, 16, 0, 0), 12, "private address (172.16.0.0/12)"],
  [v4(192, 0, 0, 0), 24, "IETF protocol assignment address (192.0.0.0/24)"],
  [v4(192, 168, 0, 0), 16, "private address (192.168.0.0/16)"],
  [v4(198, 18, 0, 0), 15, "benchmarking address (198.18.0.0/15)"],
  [v4(224, 0, 0, 0), 3, "multicast / reserved / broadcast address (224.0.0.0 and above)"],
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

/** Why this IPv4 address (32-bit number) is forbidden, or null when it is a public address. */
export function ipv4Reason(addr: number): string | null {
  for (const [network, prefix, reason] of V4_RANGES) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((addr & mask) >>> 0 === network) return reason;
  }
  return null;
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

/** Checks the IPv4 address held in groups `hi`, `lo` of an IPv6 address. */
function embedded(groups: readonly number[], hi: number, lo: number, label: string): string | null {
  const addr = (((groups[hi] ?? 0) << 16) | (groups[lo] ?? 0)) >>> 0;
  const reason = ipv4Reason(addr);
  return reason === null ? null : `${label} ${formatIPv4(addr)}: ${reason}`;
}

/** Why this IPv6 address (eight groups) is forbidden, or null when it is a public address. */
export function ipv6Reason(g: readonly number[]): string | null {
  const at = (i: number) => g[i] ?? 0;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return "unspecified address (::)";
  if (zeroUpTo(7) && at(7) === 1) return "loopback address (::1)";
  // ::ffff:a.b.c.d, IPv4-mapped: the socket layer talks IPv4 to a.b.c.d.
  if (zeroUpTo(5) && at(5) === 0xffff) return embedded(g, 6, 7, "IPv4-mapped");
  // ::ffff:0:a.b.c.d, IPv4-translated (RFC 2765).
  if (zeroUpTo(4) && at(4) === 0xffff && at(5) === 0) return embedded(g, 6, 7, "IPv4-translated");
  // ::a.b.c.d, deprecated IPv4-compatible.
  if (zeroUpTo(6)) return embedded(g, 6, 7, "IPv4-compatible");
  // 64:ff9b::a.b.c.d, well-known NAT64 prefix: a gateway forwards to a.b.c.d.
  if (at(0) === 0x64 && at(1) === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return embedded(g, 6, 7, "NAT64");
  }
  if (at(0) === 0x64 && at(1) === 0xff9b && at(2) === 1) return "local-use NAT64 address (64:ff9b:1::/48)";
  // 2002:aabb:ccdd::/48, 6to4: relays forward to aa.bb.cc.dd.
  if (at(0) === 0x2002) return embedded(g, 1, 2, "6to4");
  if ((at(0) & 0xfe00) === 0xfc00) return "unique local address (fc00::/7)";
  if ((at(0) & 0xffc0) === 0xfe80) return "link-local address (fe80::/10)";
  if ((at(0) & 0xffc0) === 0xfec0) return "site-local address (fec0::/10)";
  if ((at(0) & 0xff00) === 0xff00) return "multicast address (ff00::/8)";
  return null;
}
