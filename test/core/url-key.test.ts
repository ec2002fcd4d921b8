import { describe, expect, it } from "vitest";
import {
  buildUrlKey,
  formatUrl,
  MAX_BRANCH_DEPTH,
  md5Hex,
  normalizeUrl,
  registrableDomain,
  unwrapAggregator,
} from "../../src/core/url-key";
import { PAPER_RULES, parseUrlKeyRules, type UrlKeyRule } from "../../src/core/url-rules";

const PAPER_REQUEST =
  "http://news.google.com/news/url?sa=t&fd=R&usg=AFQjCNHEIIAoeLGPfbkX6IdaQ2xoYptq-w&url=http://abcnews.go.com/kabc/story?section%3Dnews/local/los_angeles%26id%3D8691010";
const TITLE = "Mars rover finds water";
const TITLE_MD5 = "3a58f3a113bc41dd0b13f4a467fef5eb";
const key = (url: string, title?: string, rules?: readonly UrlKeyRule[]) => buildUrlKey(url, { title, rules }).key;
const KEEP_ALL: UrlKeyRule[] = [{ trigger: String.raw`^example\.com/`, retain: ["a", "b", "c", "q", "x", "é"] }];

describe("paper §3 worked example", () => {
  it("produces the paper's URL key exactly", () => {
    expect(key(PAPER_REQUEST)).toBe("http://abcnews.go.com/kabc/story?id=8691010");
  });
  it("step 1 unwraps to the paper's response URL", () => {
    expect(unwrapAggregator(PAPER_REQUEST)).toBe(
      "http://abcnews.go.com/kabc/story?section=news/local/los_angeles&id=8691010",
    );
  });
  it("step 2 sorts parameters, `_cid_` first, and step 3 keeps only id", () => {
    expect(formatUrl(normalizeUrl(PAPER_REQUEST))).toBe(
      "http://abcnews.go.com/kabc/story?id=8691010&section=news/local/los_angeles",
    );
    expect(formatUrl(normalizeUrl(PAPER_REQUEST, TITLE))).toBe(
      `http://abcnews.go.com/kabc/story?_cid_=${TITLE_MD5}&id=8691010&section=news/local/los_angeles`,
    );
    expect(key(PAPER_REQUEST, TITLE)).toBe("http://abcnews.go.com/kabc/story?id=8691010");
  });
});

describe("Table 1 rules", () => {
  const cid = `_cid_=${TITLE_MD5}`;
  const cases: Array<[string, string]> = [
    ["http://abcnews.go.com/Business/wireStory?id=14&page=2", "http://abcnews.go.com/Business/wireStory?id=14"],
    [
      "http://www.fitchratings.com/creditdesk/press_releases/detail.cfm?print=1&pr_id=771011",
      "http://www.fitchratings.com/creditdesk/press_releases/detail.cfm?pr_id=771011",
    ],
    [
      "http://bbs.chinadaily.com.cn/viewthread.php?gid=2&tid=1728826&extra=page%3D1",
      "http://bbs.chinadaily.com.cn/viewthread.php?tid=1728826",
    ],
    [
      "http://www.hurriyetdailynews.com/n.php?n=turkey-votes-2011-12-01&mn=3",
      "http://www.hurriyetdailynews.com/n.php?n=turkey-votes-2011-12-01",
    ],
    [
      "http://globeandmail.golfcanada.ca/news/story.aspx?src=rss&articleId=4711",
      "http://globeandmail.golfcanada.ca/news/story.aspx?articleId=4711",
    ],
    ["http://podcast.ft.com/index.php?pid=1234&ref=rss", "http://podcast.ft.com/index.php?pid=1234"],
    ["http://www.aljazeera.com/?utm_source=rss", `http://www.aljazeera.com/?${cid}`],
    ["http://www.aljazeera.com", `http://www.aljazeera.com/?${cid}`],
    [
      "http://www.dailymail.co.uk/home/index.html?ito=feeds-newsxml",
      `http://www.dailymail.co.uk/home/index.html?${cid}`,
    ],
    ["http://www.foxnews.com/on-air/hannity/index.html?x=1", `http://www.foxnews.com/on-air/hannity/index.html?${cid}`],
  ];
  it.each(cases)("%s -> %s", (url, expected) => {
    expect(key(url, TITLE)).toBe(expected);
  });
  it("the _cid_ rules apply only where they trigger", () => {
    expect(key("http://www.aljazeera.com/news/africa/2011/story.html?x=1", TITLE)).toBe(
      "http://www.aljazeera.com/news/africa/2011/story.html",
    );
    expect(key("http://www.dailymail.co.uk/news/article-1.html?ito=feeds", TITLE)).toBe(
      "http://www.dailymail.co.uk/news/article-1.html",
    );
  });
  it("ships the corrected abcnews regex; the paper's typo is rejected by the parser", () => {
    expect(PAPER_RULES[0]?.trigger).toBe(String.raw`abcnews\.go\.com`);
    expect(parseUrlKeyRules([{ trigger: String.raw`abcnews\go\.com`, retain: ["id"] }]).ok).toBe(false);
    expect(parseUrlKeyRules(PAPER_RULES)).toEqual({
      ok: true,
      rules: PAPER_RULES.map((r) => ({ ...r, retain: [...r.retain] })),
    });
  });
  it("triggers are case-insensitive and the first matching rule wins", () => {
    const rules: UrlKeyRule[] = [
      { trigger: "EXAMPLE\\.com/A", retain: ["a"] },
      { trigger: "example\\.com", retain: ["b"] },
    ];
    expect(key("http://example.com/a?a=1&b=2", undefined, rules)).toBe("http://example.com/a?a=1");
    expect(key("http://example.com/b?a=1&b=2", undefined, rules)).toBe("http://example.com/b?b=2");
  });
});

describe("step 2 normalization", () => {
  it("sorts names by code unit, stably for repeated names", () => {
    expect(key("http://example.com/p?c=3&a=1&b=2&a=0", undefined, KEEP_ALL)).toBe(
      "http://example.com/p?a=1&a=0&b=2&c=3",
    );
  });
  it.each([
    ["http://example.com/%7euser/x", "http://example.com/~user/x"],
    ["http://example.com/%7Euser/x", "http://example.com/~user/x"],
    ["http://example.com/%41b%2d", "http://example.com/Ab-"],
    ["http://example.com/caf%c3%a9", "http://example.com/café"],
    ["http://example.com/p?q=x%3Dy", "http://example.com/p?q=x=y"],
    ["http://example.com/p?q=a+b", "http://example.com/p?q=a%20b"],
    ["http://example.com/p?q=%2fx%3a", "http://example.com/p?q=/x:"],
    ["http://example.com/p?%C3%A9=1", "http://example.com/p?é=1"],
    ["http://example.com/p?a", "http://example.com/p?a="],
    ["http://example.com/p?a=1&&b=2&", "http://example.com/p?b=2&a=1"],
  ])("%s equals %s", (a, b) => {
    expect(key(a, undefined, KEEP_ALL)).toBe(key(b, undefined, KEEP_ALL));
  });
  it.each([
    ["http://example.com/a%2Fb", "http://example.com/a/b"],
    ["http://example.com/p?q=a%26b", "http://example.com/p?q=a&b"],
    ["http://example.com/p?q=a%2Bb", "http://example.com/p?q=a+b"],
    ["http://example.com/p?x%3Dy=1", "http://example.com/p?x=y%3D1"],
  ])("%s differs from %s", (a, b) => {
    expect(key(a, undefined, KEEP_ALL)).not.toBe(key(b, undefined, KEEP_ALL));
  });
  it("writes escapes in upper case and keeps non-UTF-8 bytes", () => {
    expect(key("http://example.com/caf%c3%a9/%e9?q=%e9", undefined, KEEP_ALL)).toBe(
      "http://example.com/caf%C3%A9/%E9?q=%E9",
    );
    expect(key("http://example.com/100%/x%zz")).toBe("http://example.com/100%25/x%25zz");
  });
  it("drops the fragment, default ports, user info; lower-cases the host", () => {
    expect(key("HTTP://user:pw@WWW.Example.COM:80/News/A.html#top")).toBe("http://www.example.com/News/A.html");
    expect(key("https://example.com:443/")).toBe("https://example.com/");
    expect(key("http://example.com.:8080/a")).toBe("http://example.com:8080/a");
    expect(buildUrlKey("http://example.com:8080/a").domain).toBe("example.com");
  });
  it("keeps http and https apart (the caller's redirects already settled the scheme)", () => {
    const http = buildUrlKey("http://www.bbc.co.uk/news/world-1");
    const https = buildUrlKey("https://www.bbc.co.uk/news/world-1");
    expect(http.key).toBe("http://www.bbc.co.uk/news/world-1");
    expect(https.key).toBe("https://www.bbc.co.uk/news/world-1");
    expect(https.domain).toBe(http.domain);
    expect(https.branch).toEqual(http.branch);
  });
  it("keys are stable under re-parsing and re-keying", () => {
    const urls = [PAPER_REQUEST, "http://example.com/a'b/%e9?q=it's+%22x%22&a=%7B%7D", "http://[::1]:8080/x?é=ü"];
    for (const url of urls) {
      const k = key(url, TITLE, KEEP_ALL);
      expect(new URL(k).href).toBe(k);
      expect(key(k, undefined, KEEP_ALL)).toBe(k);
    }
  });
});

describe("step 3 and the title hash", () => {
  it("drops the query when no rule applies, or the rule's parameters are absent", () => {
    expect(key("http://www.example.org/article.php?id=5&utm_source=rss")).toBe("http://www.example.org/article.php");
    expect(key("http://abcnews.go.com/US/story?section=x")).toBe("http://abcnews.go.com/US/story");
    expect(key("http://www.example.org/a?x=1", TITLE)).toBe("http://www.example.org/a");
  });
  it("adds _cid_ only for a non-blank title, hashing the whitespace-collapsed UTF-8 title", () => {
    expect(formatUrl(normalizeUrl("http://example.com/?z=1", "  "))).toBe("http://example.com/?z=1");
    expect(formatUrl(normalizeUrl("http://example.com/?z=1", null))).toBe("http://example.com/?z=1");
    expect(formatUrl(normalizeUrl("http://example.com/?z=1&A=2", `  Mars rover\n finds water `))).toBe(
      `http://example.com/?A=2&_cid_=${TITLE_MD5}&z=1`,
    );
    expect(formatUrl(normalizeUrl("http://example.com/", "Čas je zlato – ü"))).toBe(
      "http://example.com/?_cid_=f0c43c4e2c1e95f59f86a22b3c798ac6",
    );
  });
  it("the title hash replaces a _cid_ already in the URL", () => {
    expect(formatUrl(normalizeUrl("http://example.com/?_cid_=forged", TITLE))).toBe(
      `http://example.com/?_cid_=${TITLE_MD5}`,
    );
  });
  it("a rule retaining _cid_ keeps it; without a title there is nothing to keep", () => {
    expect(key("http://www.dailymail.co.uk/home/index.html", TITLE)).toBe(
      `http://www.dailymail.co.uk/home/index.html?_cid_=${TITLE_MD5}`,
    );
    expect(key("http://www.dailymail.co.uk/home/index.html?ito=1")).toBe("http://www.dailymail.co.uk/home/index.html");
  });
  it("md5Hex", () => {
    expect(md5Hex("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(md5Hex("The quick brown fox jumps over the lazy dog")).toBe("9e107d9d372bb6826bd81d3542a419d6");
    expect(md5Hex("Čas je zlato – ü")).toBe("f0c43c4e2c1e95f59f86a22b3c798ac6");
  });
});

describe("unwrapAggregator", () => {
  const target = "https://www.bbc.co.uk/news/world-123?a=1&b=2";
  const enc = encodeURIComponent;
  it.each([
    [`https://www.google.com/url?sa=t&q=${enc(target)}&usg=x`],
    [`https://www.google.co.uk/url?url=${enc(target)}`],
    [`https://l.facebook.com/l.php?u=${enc(target)}&h=AT0`],
    [`https://www.bing.com/news/apiclick.aspx?ref=FexRss&url=${enc(target)}&c=1`],
    [`https://t.umblr.com/redirect?z=${enc(target)}&t=abc`],
  ])("%s", (wrapped) => {
    expect(unwrapAggregator(wrapped)).toBe(target);
  });
  it("unwraps nested wrappers", () => {
    const inner = `https://l.facebook.com/l.php?u=${enc(target)}`;
    expect(
      unwrapAggregator(`https://news.google.com/news/url?url=${enc(`https://www.google.com/url?q=${enc(inner)}`)}`),
    ).toBe(target);
  });
  it("rejects non-http targets and leaves other URLs alone", () => {
    const js = `https://www.google.com/url?q=${enc("javascript:alert(1)")}`;
    expect(unwrapAggregator(js)).toBe(js);
    expect(unwrapAggregator("https://www.google.com/url?q=not%20a%20url")).toBe(
      "https://www.google.com/url?q=not%20a%20url",
    );
    expect(unwrapAggregator(`https://www.google.com/search?q=${enc(target)}`)).toBe(
      `https://www.google.com/search?q=${enc(target)}`,
    );
    expect(unwrapAggregator(`https://evil.example/url?q=${enc(target)}`)).toBe(
      `https://evil.example/url?q=${enc(target)}`,
    );
    expect(unwrapAggregator("not a url")).toBe("not a url");
    expect(() => buildUrlKey(js)).not.toThrow();
  });
});

describe("registrableDomain", () => {
  it.each([
    ["news.bbc.co.uk", "bbc.co.uk"],
    ["abcnews.go.com", "go.com"],
    ["WWW.BBC.CO.UK.", "bbc.co.uk"],
    ["foo.github.io", "github.io"],
    ["192.168.0.1", "192.168.0.1"],
    ["[::1]", "[::1]"],
    ["localhost", "localhost"],
    ["Intranet", "intranet"],
    ["www.bücher.de", "xn--bcher-kva.de"],
    ["xn--bcher-kva.de", "xn--bcher-kva.de"],
  ])("%s -> %s", (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });
});

describe("buildUrlKey branch and errors", () => {
  it.each([
    ["http://www.cnn.com/2015/01/16/world/mars/index.html", "cnn.com", ["www", "2015", "01", "16", "world", "mars"]],
    [PAPER_REQUEST, "go.com", ["abcnews", "kabc", "story"]],
    ["http://x.com/news/", "x.com", ["news"]],
    ["http://x.com/", "x.com", []],
    ["http://a.b.example.com/x//y/z.html", "example.com", ["b", "a", "x", "y"]],
    ["http://news.bbc.co.uk/2/hi/uk_news/1234.stm", "bbc.co.uk", ["news", "2", "hi", "uk_news"]],
    ["http://127.0.0.1:8080/a/b", "127.0.0.1", ["a"]],
    ["http://example.com/%7Ea/caf%c3%a9/x", "example.com", ["~a", "caf%C3%A9"]],
  ])("%s", (url, domain, branch) => {
    const k = buildUrlKey(url);
    expect(k.domain).toBe(domain);
    expect(k.branch).toEqual(branch);
  });
  it("uses the full path when the key keeps a query", () => {
    expect(buildUrlKey("http://example.com/a/b.php?a=1", { rules: KEEP_ALL }).branch).toEqual(["a", "b.php"]);
    expect(buildUrlKey("http://example.com/a/b.php?zz=1", { rules: KEEP_ALL }).branch).toEqual(["a"]);
  });
  it(`caps the branch at ${MAX_BRANCH_DEPTH} nodes but keeps the full key`, () => {
    const segments = Array.from({ length: 40 }, (_, i) => `s${i}`);
    const k = buildUrlKey(`http://deep.example.com/${segments.join("/")}`);
    expect(k.branch).toEqual(["deep", ...segments.slice(0, MAX_BRANCH_DEPTH - 1)]);
    expect(k.key).toBe(`http://deep.example.com/${segments.join("/")}`);
  });
  it.each(["not a url", "/relative/path", "ftp://example.com/file", "mailto:a@example.com", ""])(
    "throws a TypeError for %j",
    (url) => {
      expect(() => buildUrlKey(url)).toThrow(TypeError);
      expect(() => buildUrlKey(url)).toThrow(/URL key: /);
    },
  );
  it("throws a TypeError naming an invalid rule passed unvalidated", () => {
    expect(() => buildUrlKey("http://example.com/", { rules: [{ trigger: "(", retain: [] }] })).toThrow(
      /rule 0: invalid trigger/,
    );
  });
});

describe("parseUrlKeyRules", () => {
  const error = (json: unknown): string => {
    const r = parseUrlKeyRules(json);
    if (r.ok) throw new Error(`expected an error for ${JSON.stringify(json)}`);
    return r.error;
  };
  it("accepts a valid list as a value or as JSON text", () => {
    const rules = [
      { trigger: String.raw`example\.com/story`, retain: ["id", "page"] },
      { trigger: "^x\\.org", retain: [] },
    ];
    expect(parseUrlKeyRules(rules)).toEqual({ ok: true, rules });
    expect(parseUrlKeyRules(JSON.stringify(rules))).toEqual({ ok: true, rules });
    expect(parseUrlKeyRules([])).toEqual({ ok: true, rules: [] });
  });
  it("rejects bad input with a message that points at the problem", () => {
    expect(error({ trigger: "x", retain: [] })).toMatch(/expected a JSON array/);
    expect(error(null)).toMatch(/expected a JSON array.*null/);
    expect(error("{not json")).toMatch(/not valid JSON/);
    expect(error([42])).toMatch(/rules\[0\]: expected an object/);
    expect(error([{ retain: ["id"] }])).toMatch(
      /rules\[0\]\.trigger: expected a non-empty regular expression string, got undefined/,
    );
    expect(error([{ trigger: 5, retain: ["id"] }])).toMatch(/rules\[0\]\.trigger/);
    expect(
      error([
        { trigger: "ok", retain: [] },
        { trigger: "a(b", retain: [] },
      ]),
    ).toMatch(/rules\[1\]\.trigger: invalid regular expression "a\(b"/);
    expect(error([{ trigger: "x" }])).toMatch(/rules\[0\]\.retain: expected an array/);
    expect(error([{ trigger: "x", retain: "id" }])).toMatch(/rules\[0\]\.retain: expected an array.*string "id"/);
    expect(error([{ trigger: "x", retain: ["id", 3] }])).toMatch(
      /rules\[0\]\.retain\[1\]: expected a non-empty string, got number 3/,
    );
    expect(error([{ trigger: "x", retain: [], flags: "g" }])).toMatch(/unknown key\(s\) "flags"/);
    expect(error(Array.from({ length: 1001 }, () => ({ trigger: "x", retain: [] })))).toMatch(/at most 1000 rules/);
  });
});
