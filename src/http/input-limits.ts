/**
 * Refusals that happen before any route: a request URL over MAX_URL_LENGTH (414), and HEAD on a
 * route that would fetch, extract, learn or open storage (405). Hono answers HEAD by running the GET
 * handler and dropping the body, so without this a HEAD /extract would fetch the page and teach the
 * tree for an answer nobody reads. Only the usage page / inspector (`/`) and the inspector's static files
 * answer HEAD.
 */
import type { MiddlewareHandler } from "hono";
import { MAX_URL_LENGTH, urlTooLong } from "../net/url-limit";
import { errorResponse } from "./errors";
import { INSPECTOR_FILES } from "./inspector";
import type { AppEnv } from "./env";

/** The methods a path answers, for the 405's Allow header. */
function allowedMethods(path: string): string {
  if (path === "/extract" || path === "/feeds" || path.startsWith("/admin/")) return "GET, POST";
  if (path.startsWith("/feeds/")) return "GET, DELETE";
  return "GET";
}

export function inputLimits(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const requestLine = url.pathname + url.search;
    if (urlTooLong(requestLine)) {
      return errorResponse({
        code: "uri_too_long",
        message: `request URL is ${requestLine.length} characters; at most ${MAX_URL_LENGTH} are accepted`,
      });
    }
    if (c.req.method === "HEAD" && url.pathname !== "/" && !INSPECTOR_FILES.has(url.pathname)) {
      const response = errorResponse({
        code: "method_not_allowed",
        message: "HEAD is not answered here (it would fetch and learn for an answer without a body); use GET",
      });
      response.headers.set("allow", allowedMethods(url.pathname));
      return response;
    }
    await next();
  };
}
