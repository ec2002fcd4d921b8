import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";

const ADMIN = { authorization: "Bearer test-admin-key" };
const STORY =
  "<h1>A story of its own</h1><p>Long enough to be the article: the valley's river rose by two metres overnight.</p>";

function postRequest(url: string, html: string): Request {
  return new Request("http://svc/extract?format=json", {
    method: "POST",
    headers: { "content-type": "application/json", ...ADMIN },
    body: JSON.stringify({ url, html }),
  });
}

/** A page of MAX_BYTES (5 MiB in the tests, as deployed) + 1 MB: the story first, then a shop's state in a script. */
function pageOverByteCap(): string {
  const overCap = Number(env.MAX_BYTES) + 1_000_000;
  const head = `<html><head><title>A story of its own</title></head><body>${STORY}<script>var state = "`;
  return head + "x".repeat(overCap - head.length) + '";</script></body></html>';
}

async function expectCutAtBytes(res: Response, domain: string): Promise<void> {
  expect(res.status).toBe(200);
  expect(res.headers.get("x-truncated")).toBe("bytes");
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ truncated: true, truncatedBy: ["bytes"], learned: false });
  expect(body.text).toContain("the valley's river rose by two metres overnight");
  expect(await documents(domain)).toBe(0);
}

async function documents(domain: string): Promise<number> {
  const stats = await SELF.fetch(`http://svc/admin/domains/${domain}/stats`, { headers: ADMIN });
  if (stats.status === 404) return 0;
  return ((await stats.json()) as { documents: number }).documents;
}

describe("processing budget", () => {
  it("answers a page over the element cap from the page up to it, says so, and does not teach", async () => {
    const html = `<html><body>${STORY}<p>${"<b>row</b> ".repeat(40_000)}</p></body></html>`;
    // A generous deadline: this is about the element cap, and a loaded test machine must not turn it into a 422.
    const patient = { ...env, PAGE_DEADLINE_MS: "60000" };
    const ctx = createExecutionContext();
    const res = await worker.fetch(postRequest("https://wide.example/news/1.html", html), patient, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-truncated")).toBe("elements");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ truncated: true, truncatedBy: ["elements"], learned: false });
    expect(await documents("wide.example")).toBe(0);
  });

  // Issue 12, never empty: before session 19 the text past the cap was dropped, and a page whose
  // article lay past it answered its menu (or, with no text before the cap, nothing), path `model`.
  it("answers a page whose article lies past the element cap with the article, path past-element-cap", async () => {
    const menu = Array.from(
      { length: 5_200 },
      (_, i) =>
        `<li class="menu-item"><div class="wrap"><span class="icon"><i></i></span><a href="/s/${i}"><span>Section ${i}</span></a></div></li>`,
    ).join("");
    const paragraph = (i: number) =>
      `<p>Paragraph ${i}: the harbour council met again on Tuesday to weigh the ferry timetable, and residents spoke for an hour about the late boats.</p>`;
    const html = `<html><head><title>Ferry timetable | Harbour News</title></head><body><nav class="mega-menu"><ul>${menu}</ul></nav>
<main><article><h1>Ferry timetable</h1>${Array.from({ length: 8 }, (_, i) => paragraph(i)).join("")}</article></main></body></html>`;
    const patient = { ...env, PAGE_DEADLINE_MS: "60000" };
    const ctx = createExecutionContext();
    const res = await worker.fetch(postRequest("https://mega.example/news/1.html", html), patient, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-truncated")).toBe("elements");
    expect(res.headers.get("x-extract-path")).toBe("past-element-cap");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      truncated: true,
      truncatedBy: ["elements"],
      learned: false,
      path: "past-element-cap",
    });
    for (let i = 0; i < 8; i++) expect(body.text).toContain(`Paragraph ${i}: the harbour council`);
    expect(body.text).not.toContain("Section 5100");
    expect(await documents("mega.example")).toBe(0);
  });

  // Before session 20 a data table cut by the cap went on as a new layout table of flat paragraphs:
  // its rows past the cut were dropped as islands and the paragraph after the table was missed.
  it("answers the rest of a data table cut by the element cap, and the paragraph after it", async () => {
    const note = (i: number) =>
      `<p>Note ${i} on the orchard survey: the volunteers counted every apple tree along the river path this autumn, and the older trees near the mill had the best harvest in years.</p>`;
    const rows = Array.from(
      { length: 8_000 },
      (_, i) => `<tr><td>T-${i}</td><td>${["Bramley", "Cox", "Russet"][i % 3]}</td><td>${(i * 7) % 300}</td></tr>`,
    ).join("");
    const html =
      `<html><head><title>Orchard survey results | Valley Gazette</title></head><body><main><article><h1>Orchard survey results</h1>` +
      Array.from({ length: 6 }, (_, i) => note(i)).join("") +
      `<table class="survey"><thead><tr><th>Tree</th><th>Variety</th><th>Apples</th></tr></thead><tbody>${rows}</tbody></table>` +
      `<p>After the count, the survey team thanked the landowners and said the full list of trees will be kept in the village library for anyone who wants to visit one.</p>` +
      `</article></main><footer><p>© Valley Gazette</p></footer></body></html>`;
    const patient = { ...env, PAGE_DEADLINE_MS: "60000" };
    const ctx = createExecutionContext();
    const res = await worker.fetch(postRequest("https://orchard.example/news/1.html", html), patient, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.headers.get("x-truncated")).toBe("elements");
    expect(res.headers.get("x-extract-path")).toBe("past-element-cap");
    const body = (await res.json()) as { text: string };
    expect(body.text).toContain("Note 0 on the orchard survey");
    expect(body.text).toContain("T-10\tCox\t70");
    expect(body.text).toContain("T-7999\tCox\t193");
    expect(body.text).toContain("After the count, the survey team thanked the landowners");
  });

  it("answers a page whose only text lies past the element cap", async () => {
    const html = `<html><body>${"<div>".repeat(40_000)}${STORY}${"</div>".repeat(40_000)}</body></html>`;
    const patient = { ...env, PAGE_DEADLINE_MS: "60000" };
    const ctx = createExecutionContext();
    const res = await worker.fetch(postRequest("https://deep.example/news/1.html", html), patient, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.headers.get("x-extract-path")).toBe("past-element-cap");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ truncatedBy: ["elements", "depth"], learned: false });
    expect(body.text).toContain("the valley's river rose by two metres overnight");
    expect(await documents("deep.example")).toBe(0);
  });

  it("answers a POSTed page over MAX_BYTES from its first MAX_BYTES, says so, and does not teach", async () => {
    const res = await SELF.fetch("http://svc/extract?format=json&url=https://big-post.example/shop/1.html", {
      method: "POST",
      headers: { "content-type": "text/html", ...ADMIN },
      body: pageOverByteCap(),
    });
    await expectCutAtBytes(res, "big-post.example");
  });

  it("still refuses a JSON body over MAX_BYTES with 413: a cut JSON document does not parse", async () => {
    const res = await SELF.fetch(postRequest("https://big-json.example/shop/1.html", pageOverByteCap()));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });

  describe("a fetched page over MAX_BYTES", () => {
    afterEach(() => vi.restoreAllMocks());
    /** The upstream: every page over the cap, with its length declared (the reader must not trust it to refuse). */
    function bigUpstream(): string[] {
      const calls: string[] = [];
      const page = new TextEncoder().encode(pageOverByteCap());
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
        calls.push(input instanceof Request ? input.url : String(input));
        const headers = { "content-type": "text/html; charset=utf-8", "content-length": String(page.byteLength) };
        return new Response(page, { headers });
      });
      return calls;
    }

    it("GET /extract answers from its first MAX_BYTES, says so, and does not teach", async () => {
      const calls = bigUpstream();
      const target = encodeURIComponent("https://big-get.example/shop/1.html");
      await expectCutAtBytes(await SELF.fetch(`http://svc/extract?format=json&url=${target}`), "big-get.example");
      expect(calls).toEqual(["https://big-get.example/shop/1.html"]);
    });

    it("the proxy route answers from its first MAX_BYTES, says so, and does not teach", async () => {
      bigUpstream();
      const res = await SELF.fetch("http://svc/https://big-proxy.example/shop/1.html", {
        headers: { "x-format": "json" },
      });
      await expectCutAtBytes(res, "big-proxy.example");
    });
  });

  it("says nothing of truncation on an ordinary page", async () => {
    const res = await SELF.fetch(postRequest("https://calm.example/news/1.html", `<html><body>${STORY}</body></html>`));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-truncated")).toBeNull();
    expect(await res.json()).not.toHaveProperty("truncated");
  });

  it("refuses a page past the deadline with 422 too_complex, before it could teach", async () => {
    // A deadline of 0 ms has passed at the first look at the clock: the refusal path, deterministically.
    const strict = { ...env, PAGE_DEADLINE_MS: "0" };
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      postRequest("https://slow.example/news/1.html", `<html><body>${STORY}</body></html>`),
      strict,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("too_complex");
    expect(body.error.message).toMatch(/processing budget/);
    expect(await documents("slow.example")).toBe(0);
  });
});
