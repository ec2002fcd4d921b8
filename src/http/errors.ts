/**
 * The one mapping from failures (src/service/errors.ts) to HTTP: status by an exhaustive switch,
 * body `{"error": {"code", "message"}}`.
 */
import { ConfigError } from "../config";
import { AppException, type AppError } from "../service/errors";
import { JSON_CONTENT_TYPE } from "./json-response";

export function statusOf(error: AppError): number {
  switch (error.code) {
    case "bad_request":
    case "forbidden_target":
      return 400;
    case "unauthorized":
      return 401;
    case "forbidden":
      return 403;
    case "not_found":
      return 404;
    case "method_not_allowed":
      return 405;
    case "payload_too_large":
      return 413;
    case "uri_too_long":
      return 414;
    case "unsupported_media_type":
    case "unsupported_encoding":
      return 415;
    case "conflict":
      return 409;
    case "invalid_feed":
    case "no_feed":
    case "too_complex":
      return 422;
    case "upstream_failed":
      return 502;
    case "upstream_timeout":
      return 504;
    case "bad_config":
    case "internal":
      return 500;
    default: {
      const unreachable: never = error;
      return unreachable;
    }
  }
}

export function errorResponse(error: AppError): Response {
  const { code, message, ...rest } = error;
  // An error is about this request at this moment (a timeout, a missing key): no cache may keep it.
  const headers: Record<string, string> = {
    "content-type": JSON_CONTENT_TYPE,
    "cache-control": "no-store",
  };
  if (code === "unauthorized") headers["www-authenticate"] = 'Bearer realm="urltree-clean-text"';
  // RFC 9110 §15.5.6: a 405 must say what the route does serve.
  if (error.code === "method_not_allowed") headers["allow"] = error.allow.join(", ");
  return new Response(JSON.stringify({ error: { code, message, ...rest } }), { status: statusOf(error), headers });
}

/**
 * A handler for the methods a route does not serve, mounted after the ones it does (Hono runs the
 * first matching handler that answers, so this one only sees the others): 405 with Allow. Without it
 * Hono answered them 404, as if the route did not exist. HEAD is listed wherever GET is, since Hono
 * answers HEAD with the GET handler (input-limits.ts refuses it on /feed, which lists GET alone).
 * OPTIONS is not listed: the CORS preflight answers it on every API path before any route (cors.ts),
 * and the admin routes, which have no CORS, do not serve it.
 */
export function methodNotAllowed(...allow: string[]): (c: { req: { method: string } }) => never {
  return (c) => {
    throw new AppException({
      code: "method_not_allowed",
      message: `${c.req.method} is not served here; this route answers ${allow.join(", ")}`,
      allow,
    });
  };
}

/** Any thrown value as a response: known failures by their code, anything else a logged 500. */
export function responseForThrown(err: unknown): Response {
  if (err instanceof AppException) return errorResponse(err.error);
  if (err instanceof ConfigError) {
    console.error(`configuration error: ${err.message}`);
    return errorResponse({ code: "bad_config", message: err.message });
  }
  console.error(err);
  return errorResponse({ code: "internal", message: "internal error" });
}
