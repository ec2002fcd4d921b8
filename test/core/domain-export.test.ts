import { describe, expect, it } from "vitest";
import { documentLine, headerLine, ImportReader, type ImportLimits } from "../../src/core/domain-export";
import { DEFAULT_IMPORT_LIMITS } from "../../src/core/domain-export";
import { DomainState } from "../../src/core/domain-state";
import { u32ToHash } from "../../src/core/hash-u32";
import { buildUrlKey, keyPlace } from "../../src/core/url-key";

const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, maxDocs: 10 };
const h = (n: number) => u32ToHash(Math.imul(n + 1, 0x9e3779b1));

function sampleState(): DomainState {
  const s = new DomainState("example.com");
  s.ingest(
    "https://example.com/a/1",
    ["a"],
    [0, 1, 2].map((n) => ({ hash: h(n), chars: 50 })),
    1,
  );
  s.ingest(
    "https://example.com/a/2",
    ["a"],
    [0, 1, 3].map((n) => ({ hash: h(n), chars: 50 })),
    2,
  );
  s.ingest(
    "https://example.com/b/3",
    ["b"],
    [0, 4].map((n) => ({ hash: h(n), chars: 50 })),
    3,
  );
  return s;
}

function exportLines(s: DomainState): string[] {
  const docs = [...s.heldDocuments()];
  return [headerLine(s.domain, docs.length), ...docs.map(documentLine)].map((l) => l.replace(/\n$/, ""));
}

function read(lines: string[], domain = "example.com") {
  const reader = new ImportReader(domain, limits);
  for (const l of lines) reader.line(l);
  return reader.finish();
}

describe("domain export and import", () => {
  it("round-trips the held documents, and the counts rebuilt from them are the same", () => {
    const s = sampleState();
    const docs = read(exportLines(s));
    const back = new DomainState("example.com");
    back.restoreAll(docs);
    expect(back.toJSON()).toEqual(s.toJSON());
  });

  const bad: [string, (lines: string[]) => string[], RegExp][] = [
    ["a missing header", (l) => l.slice(1), /format/],
    ["another version", (l) => [l[0]!.replace('"version":1', '"version":2'), ...l.slice(1)], /version 2/],
    ["another domain", (l) => [l[0]!.replace("example.com", "other.com"), ...l.slice(1)], /other\.com/],
    ["fewer lines than announced", (l) => l.slice(0, -1), /announces 3.*has 2/],
    ["more lines than announced", (l) => [...l, l[1]!.replace("/a/1", "/a/9")], /more document lines/],
    ["a repeated key", (l) => [l[0]!, l[1]!, l[1]!, l[3]!], /appears twice/],
    ["a short hash", (l) => [l[0]!, l[1]!.replace(/"hashes":"[0-9a-f]{8}/, '"hashes":"abc'), ...l.slice(2)], /hashes/],
    [
      "upper-case hex",
      (l) => [
        l[0]!,
        l[1]!.replace(/"hashes":"([0-9a-f]{8})/, (_, x: string) => `"hashes":"${x.toUpperCase()}`),
        ...l.slice(2),
      ],
      /hashes/,
    ],
    [
      "a repeated hash",
      (l) => [l[0]!, l[1]!.replace(/"hashes":"([0-9a-f]{8})/, '"hashes":"$1$1'), ...l.slice(2)],
      /repeated/,
    ],
    ["a bad time", (l) => [l[0]!, l[1]!.replace('"time":1', '"time":-1'), ...l.slice(2)], /time/],
    ["an empty segment", (l) => [l[0]!, l[1]!.replace('"branch":["a"]', '"branch":[""]'), ...l.slice(2)], /branch/],
    ["a key that is no URL", (l) => [l[0]!, l[1]!.replace("https://example.com/a/1", "a1"), ...l.slice(2)], /key/],
    [
      "a key of another domain",
      (l) => [l[0]!, l[1]!.replace("https://example.com/a/1", "https://example.org/a/1"), ...l.slice(2)],
      /line 2: key "https:\/\/example\.org\/a\/1" is not of "example\.com"/,
    ],
    [
      "a key whose host only ends like the domain",
      (l) => [l[0]!, l[1]!.replace("https://example.com/a/1", "https://notexample.com/a/1"), ...l.slice(2)],
      /is not of/,
    ],
    [
      "a branch that is not its key's",
      (l) => [l[0]!, l[1]!.replace('"branch":["a"]', '"branch":["b"]'), ...l.slice(2)],
      /line 2: "branch" \["b"\] is not the branch of key "https:\/\/example\.com\/a\/1" \(its key gives \["a"\]\)/,
    ],
    [
      "a branch one segment short of its key's",
      (l) => [l[0]!, l[1]!.replace('"branch":["a"]', '"branch":[]'), ...l.slice(2)],
      /line 2: "branch" \[\] is not the branch/,
    ],
    ["a line that is not JSON", (l) => [l[0]!, "{", ...l.slice(2)], /line 2: not JSON/],
    ["a blank line", (l) => [l[0]!, "", ...l.slice(1)], /line 2/],
    ["more documents than the cap", (l) => [l[0]!.replace('"documents":3', '"documents":11'), ...l.slice(1)], /cap/],
  ];
  for (const [what, corrupt, message] of bad) {
    it(`refuses ${what}, naming the problem`, () => {
      const lines = exportLines(sampleState());
      expect(() => read(lines)).not.toThrow();
      expect(() => read(corrupt(lines))).toThrow(message);
    });
  }

  it("refuses an empty body", () => {
    expect(() => read([])).toThrow(/empty/);
  });

  // Hand-written lines whose key is not as the service writes it, into the domain its host gives, with the
  // branch its host and path give. Until session 20 each was imported as written (the domain and branch
  // were read from the parsed host): the same document could then be held twice, under two spellings of
  // its key, and a later page of that URL (keyed as buildUrlKey writes it) would never find it.
  const IMPORTED = "imported";
  const NOT_WRITTEN = /line 2: key ".*" is not a URL key as this service writes them/;
  const spelled: [string, string, string, string[], string | RegExp][] = [
    ["an upper-case host", "example.com", "https://EXAMPLE.com/a/1", ["a"], NOT_WRITTEN],
    ["a subdomain in capitals", "example.com", "https://News.Example.com/a/1", ["news", "a"], NOT_WRITTEN],
    ["a trailing dot", "example.com", "https://example.com./a/1", ["a"], NOT_WRITTEN],
    ["a decimal IPv4 host", "127.0.0.1", "http://2130706433/a/1", ["a"], NOT_WRITTEN],
    ["a hex IPv4 host", "127.0.0.1", "http://0x7f.0.0.1/a/1", ["a"], NOT_WRITTEN],
    ["an IPv6 host written long", "[::1]", "http://[0:0:0:0:0:0:0:1]/a/1", ["a"], NOT_WRITTEN],
    ["a Unicode host", "xn--bcher-kva.example", "https://bücher.example/a/1", ["a"], NOT_WRITTEN],
    ["the default port", "example.com", "https://example.com:443/a/1", ["a"], NOT_WRITTEN],
    ["user info", "example.com", "https://user:pw@example.com/a/1", ["a"], NOT_WRITTEN],
    ["a tab in the host", "example.com", "https://exam\tple.com/a/1", ["a"], NOT_WRITTEN],
    ["an empty query", "example.com", "https://example.com/a/1?", ["a"], NOT_WRITTEN],
    ["a lower-case escape", "example.com", "https://example.com/a/%7e", ["a"], NOT_WRITTEN],
    ["an unsorted query", "example.com", "https://example.com/a?b=1&a=2", ["a"], NOT_WRITTEN],
    ["a fragment", "example.com", "https://example.com/a/1#x", ["a"], NOT_WRITTEN],
    // As the service writes them: taken.
    ["an IPv4 host", "127.0.0.1", "http://127.0.0.1/a/1", ["a"], IMPORTED],
    ["an IPv6 host", "[::1]", "http://[::1]/a/1", ["a"], IMPORTED],
    ["a punycode host", "xn--bcher-kva.example", "https://xn--bcher-kva.example/a/1", ["a"], IMPORTED],
    ["another port", "example.com", "https://example.com:8443/a/1", ["a"], IMPORTED],
  ];
  it.each(spelled)("a key with %s (domain %s): %s", (_, domain, key, branch, outcome) => {
    const lines = [headerLine(domain, 1), JSON.stringify({ key, branch, time: 1, hashes: "0a1b2c3d" })];
    if (outcome === IMPORTED) expect(read(lines, domain).map((d) => d.key)).toEqual([key]);
    else expect(() => read(lines, domain)).toThrow(outcome);
  });

  // Every key the service stores has its object's domain: subdomains, IP hosts and ports, Unicode hosts.
  it.each([
    "http://2130706433/a/1",
    "http://0x7f.0.0.1:80/a/1",
    "http://[0:0:0:0:0:0:0:1]/a/1",
    "https://EXAMPLE.com.:443/a/1#frag",
    "https://exam\tple.com/a/1?",
    "https://news.example.com/a/1",
    "http://127.0.0.1:8000/news/a.html",
    "https://[2001:db8::1]/a",
    "https://bücher.example/a?id=1",
    "https://Example.COM./A%7e/b%2fc//d/?utm_source=x",
    "https://example.com/" + Array.from({ length: 30 }, (_, i) => `s${i}`).join("/"),
    "https://www.google.com/url?q=https://deep.sub.example.co.uk/x/y/z.html",
    "https://example.com/story.php?id=12&page=2",
    "https://user:pw@m.example.com:8443/%E2%82%AC/caf%C3%A9/",
  ])("takes the key %s made by buildUrlKey, under the domain it gave", (url) => {
    const key = buildUrlKey(url);
    expect(keyPlace(key.key)).toEqual({ domain: key.domain, branch: key.branch });
    const state = new DomainState(key.domain);
    state.ingest(key.key, key.branch, [{ hash: h(1), chars: 50 }], 1);
    expect(read(exportLines(state), key.domain).map((d) => d.key)).toEqual([key.key]);
  });
});
