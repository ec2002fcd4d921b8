import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
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
