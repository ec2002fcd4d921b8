/** How a failed outbound fetch answers the caller: one exhaustive mapping, shared by all routes. */
import type { AppError } from "./errors";
import type { FetchFailure } from "../net/safe-fetch";

export function fetchError(failure: FetchFailure): AppError {
  switch (failure.kind) {
    case "invalid_url":
      return { code: "bad_request", message: failure.message };
    case "forbidden_target":
      return { code: "forbidden_target", message: failure.message };
    case "too_large":
      return { code: "payload_too_large", message: failure.message };
    case "unsupported_media_type":
      return { code: "unsupported_media_type", message: failure.message };
    case "unsupported_encoding":
      return { code: "unsupported_encoding", message: failure.message };
    case "upstream_status":
      return { code: "upstream_failed", message: failure.message, status: failure.status };
    case "too_many_redirects":
    case "upstream_error":
      return { code: "upstream_failed", message: failure.message };
    case "timeout":
      return { code: "upstream_timeout", message: failure.message };
    default: {
      const unreachable: never = failure;
      return unreachable;
    }
  }
}
