/**
 * The longest URL the service accepts anywhere: a request's own URL, a target given in a query, a
 * path or a JSON body, a redirect's Location. 8 KiB is what common servers and CDNs accept in a
 * request line (and about what a URL key may cost in the tree's SQLite rows); real page URLs are far
 * shorter, so anything longer is either a mistake or an attempt to make every later step expensive.
 */
export const MAX_URL_LENGTH = 8192;

/** Whether a URL (or a request line's path and query) is over the limit. */
export function urlTooLong(url: string): boolean {
  return url.length > MAX_URL_LENGTH;
}
