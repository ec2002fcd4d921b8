/**
 * Every way a request can fail, as one discriminated union. The service layer throws these
 * (`AppException`); the HTTP layer maps them to responses by one exhaustive switch
 * (src/http/errors.ts): a new kind of failure does not compile until it has a status.
 */
export type AppError =
  | { code: "bad_request"; message: string }
  | { code: "forbidden_target"; message: string }
  | { code: "unauthorized"; message: string }
  | { code: "forbidden"; message: string }
  | { code: "not_found"; message: string }
  | { code: "payload_too_large"; message: string }
  /** A request URL, or a URL given in it or in its body, over MAX_URL_LENGTH (src/net/url-limit.ts). */
  | { code: "uri_too_long"; message: string }
  /**
   * A known route asked with a method it does not serve (or HEAD where answering would write stored
   * state): answered without doing anything, `allow` listing the methods it serves (the Allow header).
   */
  | { code: "method_not_allowed"; message: string; allow: readonly string[] }
  | { code: "unsupported_media_type"; message: string }
  /** A body (fetched or posted) in a Content-Encoding the service cannot decode. */
  | { code: "unsupported_encoding"; message: string }
  | { code: "conflict"; message: string }
  /** A feed that is malformed, not a feed, or refused as hostile (entity declarations). */
  | { code: "invalid_feed"; message: string }
  /** An HTML page given as a feed, without a `<link rel="alternate">` to one. */
  | { code: "no_feed"; message: string }
  | { code: "upstream_failed"; message: string; status?: number }
  | { code: "upstream_timeout"; message: string }
  /** A page past its processing budget (src/core/budget.ts): refused before it could teach. */
  | { code: "too_complex"; message: string }
  /** A Worker variable with a value that cannot be used (src/config.ts names it). */
  | { code: "bad_config"; message: string }
  | { code: "internal"; message: string };

export class AppException extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/** The common refusal: the caller's input cannot be used, and the message says why. */
export function badRequest(message: string): never {
  throw new AppException({ code: "bad_request", message });
}
