/**
 * JSON answers of the admin, watched-feed and inspect routes, typed like every other answer of the
 * service (errors, extractions): `application/json; charset=utf-8`. Hono's `c.json` sends a bare
 * `application/json`; JSON is UTF-8 by definition, but clients that decode by the header's charset
 * (and the project's own contract) expect it said.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export function jsonResponse(c: Context, data: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(JSON.stringify(data), status, { "Content-Type": JSON_CONTENT_TYPE });
}
