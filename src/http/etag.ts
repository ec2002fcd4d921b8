/**
 * The one conditional-GET middleware of the extraction routes: hono/etag, whose 304 keeps the
 * CORS headers the 200 would carry.
 *
 * hono/etag builds its 304 from the 200 and then deletes every header not in its retained list
 * (Cache-Control, Content-Location, Date, ETag, Expires, Vary). The CORS headers are set on the
 * response before the route runs (src/http/cors.ts), so they were deleted with the rest, and a
 * browser page revalidating with If-None-Match got a 304 it was not allowed to read. Keeping them
 * here covers the response-cache hits too (etag() wraps the cache, see response-cache.ts).
 */
import type { MiddlewareHandler } from "hono";
import { etag, RETAINED_304_HEADERS } from "hono/etag";

const CORS_RESPONSE_HEADERS = [
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-expose-headers",
];

export function conditionalGet(): MiddlewareHandler {
  return etag({ retainedHeaders: [...RETAINED_304_HEADERS, ...CORS_RESPONSE_HEADERS] });
}
