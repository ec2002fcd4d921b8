import { describe, expect, it } from "vitest";
import { charsetFromContentType, decodeHtml } from "../../src/core/decode";

/** Bytes of a string whose code units are all <= 0xFF ("\xe9" is the single byte E9). */
function bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0xff) throw new Error(`not a byte: ${s[i]}`);
    out[i] = c;
  }
  return out;
}

function concat(...parts: (Uint8Array | number[] | string)[]): Uint8Array {
  const arrays = parts.map((p) => (typeof p === "string" ? bytes(p) : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

function utf16(s: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(s.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < s.length; i++) view.setUint16(i * 2, s.charCodeAt(i), littleEndian);
  return out;
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const NIHAO_GBK = [0xc4, 0xe3, 0xba, 0xc3]; // 你好
const HAN_EUCKR = [0xc7, 0xd1]; // 한

describe("charsetFromContentType", () => {
  it("extracts plain, quoted and case-varied parameters", () => {
    expect(charsetFromContentType("text/html; charset=utf-8")).toBe("utf-8");
    expect(charsetFromContentType("text/html;charset=GBK")).toBe("GBK");
    expect(charsetFromContentType('TEXT/HTML; CHARSET="Shift_JIS"')).toBe("Shift_JIS");
    expect(charsetFromContentType("text/html; Charset='x'")).toBe("'x'");
    expect(charsetFromContentType("text/html; charset = euc-kr ")).toBe("euc-kr");
    expect(charsetFromContentType("text/html; q=1; charset=big5; level=2")).toBe("big5");
  });

  it("ignores semicolons inside quoted values and takes the first charset", () => {
    expect(charsetFromContentType('text/html; foo="a;charset=bad"; charset=koi8-r')).toBe("koi8-r");
    expect(charsetFromContentType('text/html; charset="a\\"b"')).toBe('a"b');
    expect(charsetFromContentType("text/html; charset=gbk; charset=utf-8")).toBe("gbk");
  });

  it("returns null when there is no usable charset", () => {
    expect(charsetFromContentType(null)).toBeNull();
    expect(charsetFromContentType(undefined)).toBeNull();
    expect(charsetFromContentType("")).toBeNull();
    expect(charsetFromContentType("text/html")).toBeNull();
    expect(charsetFromContentType("text/html; charset=")).toBeNull();
    expect(charsetFromContentType('text/html; charset=""')).toBeNull();
    expect(charsetFromContentType("text/html; charset")).toBeNull();
    expect(charsetFromContentType("text/html; mycharset=utf-8")).toBeNull();
  });
});

describe("decodeHtml: byte order mark", () => {
  it("UTF-8 BOM beats header and meta, and is stripped", () => {
    const input = concat([0xef, 0xbb, 0xbf], '<meta charset="gbk">', utf8("<p>héllo ☕</p>"));
    expect(decodeHtml(input, "text/html; charset=windows-1252")).toEqual({
      html: '<meta charset="gbk"><p>héllo ☕</p>',
      charset: "utf-8",
      source: "bom",
    });
  });

  it("UTF-16LE and UTF-16BE BOMs", () => {
    expect(decodeHtml(concat([0xff, 0xfe], utf16("<p>hé 한</p>", true)))).toEqual({
      html: "<p>hé 한</p>",
      charset: "utf-16le",
      source: "bom",
    });
    expect(decodeHtml(concat([0xfe, 0xff], utf16("<p>hé 한</p>", false)), "text/html; charset=utf-8")).toEqual({
      html: "<p>hé 한</p>",
      charset: "utf-16be",
      source: "bom",
    });
  });

  it("strips exactly one BOM", () => {
    expect(decodeHtml(bytes("\xef\xbb\xbf")).html).toBe("");
    expect(decodeHtml(bytes("\xef\xbb\xbf\xef\xbb\xbfa")).html).toBe("\ufeffa");
  });
});

describe("decodeHtml: Content-Type header", () => {
  it("header charset beats a conflicting meta", () => {
    const input = concat('<meta charset="utf-8"><p>', NIHAO_GBK, "</p>");
    expect(decodeHtml(input, "text/html; charset=GB2312")).toEqual({
      html: '<meta charset="utf-8"><p>你好</p>',
      charset: "gbk",
      source: "header",
    });
  });

  it("quoted, upper-case header label", () => {
    expect(decodeHtml(concat("<p>", HAN_EUCKR, "</p>"), 'TEXT/HTML; CHARSET="EUC-KR"')).toEqual({
      html: "<p>한</p>",
      charset: "euc-kr",
      source: "header",
    });
  });

  it("latin-1 and iso-8859-1 labels mean windows-1252 (curly quotes at 0x93/0x94)", () => {
    const input = bytes("<p>\x93caf\xe9\x94 \x80</p>");
    for (const label of ["latin-1", "iso-8859-1", "ISO-8859-1", "latin1", "us-ascii", "ascii"]) {
      expect(decodeHtml(input, `text/html; charset=${label}`)).toEqual({
        html: "<p>\u201ccafé\u201d €</p>",
        charset: "windows-1252",
        source: "header",
      });
    }
  });

  it("a declared utf-8 is honoured even when the bytes are not UTF-8", () => {
    expect(decodeHtml(bytes("caf\xe9"), "text/html; charset=utf-8")).toEqual({
      html: "caf\ufffd",
      charset: "utf-8",
      source: "header",
    });
  });

  it("an unknown header label is ignored in favour of the meta", () => {
    const input = concat("<meta charset=gbk>", NIHAO_GBK);
    expect(decodeHtml(input, "text/html; charset=no-such-thing")).toEqual({
      html: "<meta charset=gbk>你好",
      charset: "gbk",
      source: "meta",
    });
  });

  it("a 'replacement' label (iso-2022-kr) is ignored rather than blanking the page", () => {
    expect(decodeHtml(utf8("<p>ok ☕</p>"), "text/html; charset=iso-2022-kr")).toEqual({
      html: "<p>ok ☕</p>",
      charset: "utf-8",
      source: "utf8",
    });
  });
});

describe("decodeHtml: meta prescan", () => {
  const metaCases: [string, string][] = [
    ["charset, double quotes", '<meta charset="gb2312">'],
    ["charset, single quotes", "<meta charset='gb2312'>"],
    ["charset, unquoted", "<meta charset=gb2312>"],
    ["charset, upper case, spaces around =", '<META  CHARSET = "GB2312" >'],
    ["charset after other attributes, self-closing", '<meta name="x" charset="gbk"/>'],
    ["charset after slash", "<meta/charset=gbk>"],
    ["http-equiv then content", '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">'],
    ["content then http-equiv", "<meta content='text/html;charset=gb2312' http-equiv='content-type'>"],
    [
      "unquoted http-equiv, quoted charset inside content",
      `<meta http-equiv=Content-Type content="text/html; charset = 'gbk'">`,
    ],
    ["content with trailing parameter", '<meta http-equiv="content-type" content="text/html; charset=gbk; x=y">'],
  ];
  for (const [name, meta] of metaCases) {
    it(name, () => {
      const input = concat("<!doctype html><html><head><title>t</title>", meta, "</head><body>", NIHAO_GBK);
      const out = decodeHtml(input, "text/html");
      expect(out.charset).toBe("gbk");
      expect(out.source).toBe("meta");
      expect(out.html).toBe(`<!doctype html><html><head><title>t</title>${meta}</head><body>你好`);
    });
  }

  it("euc-kr via meta", () => {
    expect(decodeHtml(concat('<meta charset="euc-kr"><p>', HAN_EUCKR, "</p>"))).toEqual({
      html: '<meta charset="euc-kr"><p>한</p>',
      charset: "euc-kr",
      source: "meta",
    });
  });

  it("iso-8859-1 via meta gives windows-1252", () => {
    expect(decodeHtml(bytes('<meta charset="iso-8859-1">\x93hi\x94'))).toEqual({
      html: '<meta charset="iso-8859-1">\u201chi\u201d',
      charset: "windows-1252",
      source: "meta",
    });
  });

  it("content without http-equiv Content-Type does not count", () => {
    const input = concat('<meta name="x" content="text/html; charset=gbk">', NIHAO_GBK);
    expect(decodeHtml(input).source).toBe("fallback");
    const refresh = concat('<meta http-equiv="refresh" content="0; charset=gbk">', NIHAO_GBK);
    expect(decodeHtml(refresh).source).toBe("fallback");
  });

  it("skips metas inside comments and inside other tags' attribute values", () => {
    const input = concat(
      '<!-- <meta charset="gbk"> --><div title="<meta charset=gbk>"></div>',
      '<meta charset="euc-kr">',
      HAN_EUCKR,
    );
    const out = decodeHtml(input);
    expect(out.charset).toBe("euc-kr");
    expect(out.html.endsWith("한")).toBe(true);
  });

  it("'<!-->' closes a comment", () => {
    const out = decodeHtml(concat("<!--><meta charset=gbk>", NIHAO_GBK));
    expect(out).toEqual({ html: "<!--><meta charset=gbk>你好", charset: "gbk", source: "meta" });
  });

  it("an unknown meta label is skipped and a later valid meta is used", () => {
    const input = concat('<meta charset="klingon"><meta charset="gbk">', NIHAO_GBK);
    expect(decodeHtml(input)).toMatchObject({ charset: "gbk", source: "meta" });
  });

  it("an unknown meta label alone is ignored", () => {
    expect(decodeHtml(bytes('<meta charset="klingon">caf\xe9'))).toEqual({
      html: '<meta charset="klingon">café',
      charset: "windows-1252",
      source: "fallback",
    });
  });

  it("a meta claiming UTF-16 means UTF-8", () => {
    expect(decodeHtml(concat('<meta charset="utf-16">', utf8("☕")))).toEqual({
      html: '<meta charset="utf-16">☕',
      charset: "utf-8",
      source: "meta",
    });
  });

  it("a meta claiming x-user-defined means windows-1252", () => {
    expect(decodeHtml(bytes("<meta charset=x-user-defined>\x93"))).toEqual({
      html: "<meta charset=x-user-defined>\u201c",
      charset: "windows-1252",
      source: "meta",
    });
  });

  it("only the first 4096 bytes are scanned, and a meta cut at the limit is ignored", () => {
    const meta = "<meta charset=gbk>";
    const inside = concat("x".repeat(4096 - meta.length), meta, NIHAO_GBK);
    expect(decodeHtml(inside)).toMatchObject({ charset: "gbk", source: "meta" });
    const straddling = concat("x".repeat(4090), meta, NIHAO_GBK);
    expect(decodeHtml(straddling)).toMatchObject({ charset: "windows-1252", source: "fallback" });
    const beyond = concat("x".repeat(5000), meta, NIHAO_GBK);
    expect(decodeHtml(beyond)).toMatchObject({ charset: "windows-1252", source: "fallback" });
  });
});

describe("decodeHtml: XML declaration", () => {
  it("double-quoted encoding", () => {
    const input = bytes('<?xml version="1.0" encoding="ISO-8859-1"?><html>\x93hi\x94</html>');
    expect(decodeHtml(input)).toEqual({
      html: '<?xml version="1.0" encoding="ISO-8859-1"?><html>\u201chi\u201d</html>',
      charset: "windows-1252",
      source: "meta",
    });
  });

  it("single-quoted encoding with spaces around =", () => {
    const input = concat("<?xml version='1.0' encoding = 'gb2312' ?><p>", NIHAO_GBK, "</p>");
    expect(decodeHtml(input)).toEqual({
      html: "<?xml version='1.0' encoding = 'gb2312' ?><p>你好</p>",
      charset: "gbk",
      source: "meta",
    });
  });

  it("a meta wins over the XML declaration", () => {
    const input = concat('<?xml version="1.0" encoding="iso-8859-1"?><meta charset="euc-kr">', HAN_EUCKR);
    expect(decodeHtml(input)).toMatchObject({ charset: "euc-kr", source: "meta" });
  });

  it("the declaration must open the document", () => {
    expect(decodeHtml(bytes(' <?xml version="1.0" encoding="gbk"?>\x93'))).toMatchObject({
      charset: "windows-1252",
      source: "fallback",
    });
  });
});

describe("decodeHtml: undeclared", () => {
  it("valid UTF-8 is read as UTF-8", () => {
    expect(decodeHtml(utf8("<p>café ☕ 你好</p>"), "text/html")).toEqual({
      html: "<p>café ☕ 你好</p>",
      charset: "utf-8",
      source: "utf8",
    });
  });

  it("invalid UTF-8 falls back to windows-1252", () => {
    expect(decodeHtml(bytes("caf\xe9"))).toEqual({ html: "café", charset: "windows-1252", source: "fallback" });
    expect(decodeHtml(bytes("\x93quoted\x94 \x80 \x9f"))).toEqual({
      html: "\u201cquoted\u201d € Ÿ",
      charset: "windows-1252",
      source: "fallback",
    });
  });

  it("empty input", () => {
    const expected = { html: "", charset: "utf-8", source: "utf8" };
    expect(decodeHtml(new Uint8Array(0))).toEqual(expected);
    expect(decodeHtml(new ArrayBuffer(0))).toEqual(expected);
    expect(decodeHtml(new Uint8Array(0), null)).toEqual(expected);
  });
});

describe("decodeHtml: input forms and robustness", () => {
  it("accepts an ArrayBuffer", () => {
    const input = concat("<p>", NIHAO_GBK, "</p>");
    const buffer = new ArrayBuffer(input.length);
    new Uint8Array(buffer).set(input);
    expect(decodeHtml(buffer, "text/html; charset=gbk")).toEqual({
      html: "<p>你好</p>",
      charset: "gbk",
      source: "header",
    });
  });

  it("respects the offset and length of a Uint8Array view", () => {
    const backing = concat("JUNK", [0xef, 0xbb, 0xbf], "<p>ok</p>", "TAIL");
    const view = backing.subarray(4, backing.length - 4);
    expect(decodeHtml(view)).toEqual({ html: "<p>ok</p>", charset: "utf-8", source: "bom" });
  });

  it("never throws on arbitrary bytes and headers", () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 16;
    const headers = [undefined, null, "", "text/html", "text/html; charset=", 'text/html; charset="', "charset=;;=;"];
    const fragments = ["<meta", " charset=", "'", '"', "<!--", "-->", "<?xml", " encoding=", ">", "<", "/", "=", "gbk"];
    for (let round = 0; round < 300; round++) {
      const parts: (string | number[])[] = [];
      const n = next() % 20;
      for (let k = 0; k < n; k++) {
        parts.push(next() % 2 ? fragments[next() % fragments.length]! : [next() & 0xff, next() & 0xff]);
      }
      const out = decodeHtml(concat(...parts), headers[round % headers.length]);
      expect(typeof out.html).toBe("string");
      expect(out.charset).not.toBe("");
    }
  });
});
