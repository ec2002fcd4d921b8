import { describe, expect, it } from "vitest";
import { isForbiddenHost } from "../../src/net/forbidden-host";
import {
  IPV4_SPECIAL,
  IPV6_SPECIAL,
  ipv4Row,
  ipv6Row,
  parseIPv4,
  parseIPv6,
  type V4Row,
  type V6Row,
} from "../../src/net/ip-ranges";

// Addresses as integers so each row's first and last address and its neighbours can be computed.
const v4Text = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join(".");
const v6Int = (text: string) => parseIPv6(text)!.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
const v6Text = (n: bigint) =>
  Array.from({ length: 8 }, (_, i) => ((n >> BigInt(16 * (7 - i))) & 0xffffn).toString(16)).join(":");
const V6_MAX = (1n << 128n) - 1n;

function v4Bounds(row: V4Row): [number, number] {
  const first = parseIPv4(row.network)!;
  return [first, first + 2 ** (32 - row.prefix) - 1];
}

function v6Bounds(row: V6Row): [bigint, bigint] {
  const first = v6Int(row.network);
  return [first, first + (1n << BigInt(128 - row.prefix)) - 1n];
}

/** Rows whose verdict depends on an embedded IPv4 address: tested with a private and a public one below. */
const embeds = (row: V6Row) => row.embedded !== undefined;

describe("IPv4 special-purpose registry: every row", () => {
  it.each(IPV4_SPECIAL.map((row) => [`${row.network}/${row.prefix} ${row.name}`, row] as const))(
    "%s: first and last address refused with the registry's name, outside neighbours not under this row",
    (_label, row) => {
      const [first, last] = v4Bounds(row);
      for (const addr of [first, last]) {
        const reason = isForbiddenHost(v4Text(addr));
        expect(reason).toEqual(expect.any(String));
        // The most specific row names the address; a smaller row inside this one may take its edges.
        expect(ipv4Row(addr)!.prefix).toBeGreaterThanOrEqual(row.prefix);
      }
      expect(isForbiddenHost(v4Text(last))).toContain(ipv4Row(last)!.name);
      for (const outside of [first - 1, last + 1]) {
        if (outside < 0 || outside > 0xffffffff) continue;
        const owner = ipv4Row(outside);
        expect(owner === null || owner.prefix < row.prefix || owner !== row).toBe(true);
        if (owner === null) expect(isForbiddenHost(v4Text(outside))).toBeNull();
      }
    },
  );

  it.each([
    ["0.1.2.3", '"This network"'],
    ["100.64.0.1", "Shared Address Space"],
    ["192.0.0.1", "IPv4 Service Continuity Prefix"],
    ["192.0.0.200", "IETF Protocol Assignments"],
    ["192.0.2.10", "TEST-NET-1"],
    ["198.51.100.7", "TEST-NET-2"],
    ["203.0.113.255", "TEST-NET-3"],
    ["198.19.1.1", "Benchmarking"],
    ["240.1.2.3", "Reserved"],
    ["255.255.255.255", "Limited Broadcast"],
    ["239.1.1.1", "Multicast"],
    ["192.88.99.1", "6to4 Relay Anycast"],
  ])("%s is %s", (host, name) => {
    expect(isForbiddenHost(host)).toContain(name);
  });

  it.each(["192.0.1.255", "192.0.3.0", "198.51.99.255", "198.51.101.0", "203.0.112.255", "203.0.114.0", "198.20.0.0"])(
    "neighbour %s is allowed",
    (host) => {
      expect(isForbiddenHost(host)).toBeNull();
    },
  );
});

describe("IPv6 special-purpose registry: every row", () => {
  it.each(IPV6_SPECIAL.map((row) => [`${row.network}/${row.prefix} ${row.name}`, row] as const))(
    "%s: refused inside (with a private embedded IPv4 where it embeds one), not claimed outside",
    (_label, row) => {
      const [first, last] = v6Bounds(row);
      // An embedding row is refused for an embedded loopback address; the others for any address.
      const samples = embeds(row)
        ? [row.embedded === "6to4" ? v6Text(first | (0x7f000001n << 80n)) : v6Text(first | 0x7f000001n)]
        : [v6Text(first), v6Text(last)];
      for (const host of samples) {
        expect(isForbiddenHost(host), host).toEqual(expect.any(String));
        expect(ipv6Row(parseIPv6(host)!)!.prefix).toBeGreaterThanOrEqual(row.prefix);
      }
      for (const outside of [first - 1n, last + 1n]) {
        if (outside < 0n || outside > V6_MAX) continue;
        const owner = ipv6Row(parseIPv6(v6Text(outside))!);
        expect(owner !== row).toBe(true);
        if (owner === null) expect(isForbiddenHost(v6Text(outside))).toBeNull();
      }
    },
  );

  it.each([
    // Teredo: server 65.54.227.120, client 192.0.2.45 (RFC 4380's example; the client bits inverted).
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", /TEREDO.*server 65\.54\.227\.120, client 192\.0\.2\.45/],
    ["2001::1", /TEREDO/],
    ["2002:a00:1::1", /6to4.*embedding 10\.0\.0\.1.*Private-Use/],
    ["2002:c0a8:101::", /6to4.*192\.168\.1\.1/],
    ["64:ff9b::10.0.0.1", /NAT64.*10\.0\.0\.1/],
    ["64:ff9b::a9fe:a9fe", /NAT64.*169\.254\.169\.254.*Link Local/],
    ["64:ff9b:1::808:808", /local-use NAT64/],
    ["::ffff:10.0.0.1", /IPv4-mapped.*10\.0\.0\.1/],
    ["2001:20::1", /ORCHIDv2/],
    ["2001:10::1", /previously ORCHID/],
    ["2001:db8::1", /Documentation/],
    ["3fff:fff:ffff::1", /Documentation/],
    ["100::1", /Discard-Only/],
    ["2001:2::1", /Benchmarking/],
    ["2001:2:0:ffff::1", /Benchmarking/],
    ["fd12:3456::1", /Unique-Local/],
    ["ff05::2", /Multicast/],
    ["fe80::1", /Link-Local/],
    ["5f00::1", /SRv6/],
  ])("%s is refused (%s)", (host, reason) => {
    expect(isForbiddenHost(host)).toMatch(reason);
  });

  it.each([
    "2002:808:808::1", // 6to4 of a public IPv4
    "64:ff9b::8.8.8.8", // NAT64 of a public IPv4
    "::ffff:8.8.8.8",
    "2001:200::1", // just past 2001::/23
    "2001:db7:ffff:ffff:ffff:ffff:ffff:ffff",
    "2001:db9::",
    "3fff:1000::",
    "101::",
    "100:0:0:2::",
    "fbff:ffff::1",
    "2606:4700:4700::1111",
  ])("neighbour %s is allowed", (host) => {
    expect(isForbiddenHost(host)).toBeNull();
  });
});
