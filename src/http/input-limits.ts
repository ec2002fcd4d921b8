/**
 * Refusals that happen before any route: a request URL over MAX_URL_LENGTH (414), and HEAD where
 * answering it would change stored state (405). Hono answers HEAD by running the GET handler and
 * dropping the body: that is kept wherever the GET only reads (the extraction routes answer HEAD
 * without teaching the tree: app.ts), but a HEAD /feed would poll the feed and write its FeedCache
 * for an answer nobody reads, so it is refused.
 */
import type { MiddlewareHandler } from "hono";
import { MAX_URL_LENGTH, urlTooLong } from "../net/url-limit";
import { errorResponse } from "./errors";
import type { AppEnv } from "./env";

/** Paths whose GET writes stored state (a feed poll fills its FeedCache): HEAD is refused there. */
function headWouldWrite(path: string): boolean {
  return path === "/feed" || path.startsWith("/feed/");
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
    if (c.req.method === "HEAD" && headWouldWrite(url.pathname)) {
      return errorResponse({
        code: "method_not_allowed",
        message:
          "HEAD is not answered here (it would poll the feed and store it for an answer without a body); use GET",
        allow: ["GET"],
      });
    }
    await next();
  };
}
