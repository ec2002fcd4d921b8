/**
 * Feed dates: RSS writes RFC 822 (`Tue, 01 Apr 2026 10:00:00 GMT`, often with a numeric zone or a
 * US zone name), Atom and JSON Feed RFC 3339. The original string is what the RSS reader's hash
 * uses; a Date is only needed when converting between formats.
 */

const US_ZONES: Record<string, string> = {
  UT: "+0000",
  Z: "+0000",
  EST: "-0500",
  EDT: "-0400",
  CST: "-0600",
  CDT: "-0500",
  MST: "-0700",
  MDT: "-0600",
  PST: "-0800",
  PDT: "-0700",
};

/** Parses RFC 822 or RFC 3339 (and what Date.parse accepts besides); null when unreadable. */
export function parseFeedDate(text: string | null | undefined): Date | null {
  const raw = text?.trim();
  if (!raw) return null;
  const zoned = raw.replace(/\s([A-Z]{1,3})$/, (m, zone: string) => (US_ZONES[zone] ? ` ${US_ZONES[zone]}` : m));
  const ms = Date.parse(zoned);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** RFC 822 as RSS 2.0 wants it (RFC 1123 form, GMT). */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/** RFC 3339 as Atom and JSON Feed want it. */
export function rfc3339(date: Date): string {
  return date.toISOString();
}
