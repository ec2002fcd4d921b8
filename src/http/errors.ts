/**
 * Failures are one discriminated union, mapped to HTTP responses by one exhaustive switch: a new
 * kind of failure does not compile until it has a status. Errors carry their response
 * (`AppException`), in the manner of Hono's HTTPException.
 */
export type AppError =
  | { code: "bad_request"; message: string }
  | { code: "forbidden_target"; message: string }
  | { code: "unauthorized"; message: string }
  | { code: "forbidden"; message: string }
  | { code: "not_found"; message: string }
  | { code: "payload_too_large"; message: string }
  | { code: "unsupported_media_type"; message: string }
  | { code: "conflict"; message: string }
  /** A feed that is malformed, not a feed, or refused as hostile (entity declarations). */
  | { code: "invalid_feed"; message: string }
  /** An HTML page given as a feed, without a `<link rel="alternate">` to one. */
  | { code: "no_feed"; message: string }
  | { code: "upstream_failed"; message: string; status?: number }
  | { code: "upstream_timeout"; message: string }
  | { code: "internal"; message: string };

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
    case "payload_too_large":
      return 413;
    case "unsupported_media_type":
      return 415;
    case "conflict":
      return 409;
    case "invalid_feed":
    case "no_feed":
      return 422;
    case "upstream_failed":
      return 502;
    case "upstream_timeout":
      return 504;
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
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (code === "unauthorized") headers["www-authenticate"] = 'Bearer realm="urltree-clean-text"';
  return new Response(JSON.stringify({ error: { code, message, ...rest } }), { status: statusOf(error), headers });
}

export class AppException extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }

  getResponse(): Response {
    return errorResponse(this.error);
  }
}

export function fail(code: AppError["code"], message: string): never {
  throw new AppException({ code, message } as AppError);
}
