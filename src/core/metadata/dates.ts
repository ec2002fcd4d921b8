/**
 * Dates to ISO 8601 without inventing precision: a date stays a date (`2024-03-05`), a time keeps
 * the offset it was given (`2024-03-05T10:20:30+01:00`) and gets none when it had none. Values that
 * do not parse, or name an impossible day, or a year outside 1900-2199 (placeholders such as
 * `0001-01-01`), are ignored.
 */
import { CAP } from "./values";

const ISO =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const SLASHED = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
/** "March 5, 2024", "Mar. 5 2024" */
const MONTH_DAY_YEAR = new RegExp(`^${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})$`, "i");
/** "5 March 2024", "05 Mar 2024" */
const DAY_MONTH_YEAR = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(\\d{4})$`, "i");
/** RFC 2822 (feeds, some CMSs): "Tue, 05 Mar 2024 10:20:30 GMT" or "+0100". */
const RFC_2822 = new RegExp(
  `^(?:[a-z]{3},?\\s+)?(\\d{1,2})\\s+${MONTH}\\s+(\\d{4})\\s+` +
    `(\\d{2}):(\\d{2})(?::(\\d{2}))?\\s*(GMT|UTC|Z|[+-]\\d{4})?$`,
  "i",
);

/** The value as ISO 8601, or null when it is not a date this module can read exactly. */
export function normalizeDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text === "" || text.length > CAP.date) return null;
  let m = ISO.exec(text);
  if (m) return build(m[1]!, m[2]!, m[3]!, m[4], m[5], m[6], m[7], m[8]);
  m = SLASHED.exec(text);
  if (m) return build(m[1]!, m[2]!, m[3]!);
  m = MONTH_DAY_YEAR.exec(text);
  if (m) return build(m[3]!, monthNumber(m[1]!), m[2]!);
  m = DAY_MONTH_YEAR.exec(text);
  if (m) return build(m[3]!, monthNumber(m[2]!), m[1]!);
  m = RFC_2822.exec(text);
  if (m) return build(m[3]!, monthNumber(m[2]!), m[1]!, m[4], m[5], m[6], undefined, m[7]);
  return null;
}

function monthNumber(name: string): string {
  return String(MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1);
}

function build(
  year: string,
  month: string,
  day: string,
  hour?: string,
  minute?: string,
  second?: string,
  fraction?: string,
  offset?: string,
): string | null {
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  if (y < 1900 || y > 2199 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  const date = `${year}-${pad(mo)}-${pad(d)}`;
  if (hour === undefined || minute === undefined) return date;
  if (Number(hour) > 23 || Number(minute) > 59 || (second !== undefined && Number(second) > 59)) return null;
  const zone = normalizeOffset(offset);
  if (zone === null) return null;
  return `${date}T${hour}:${minute}:${second ?? "00"}${fraction ?? ""}${zone}`;
}

/** "" (none given), "Z", or "+HH:MM"; null for an offset beyond ±14:00 or minutes beyond 59. */
function normalizeOffset(offset: string | undefined): string | null {
  if (offset === undefined) return "";
  const upper = offset.toUpperCase();
  if (upper === "Z" || upper === "UTC" || upper === "GMT") return "Z";
  const digits = offset.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 14 || minutes > 59) return null;
  return `${offset[0]}${pad(hours)}:${pad(minutes)}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * Whether `modified` is strictly earlier than `published`. Two times compare as instants (a time
 * without an offset counts as UTC); when either is a bare date, only the days compare, so an update
 * on the day of publication is never dropped.
 */
export function isEarlier(modified: string, published: string): boolean {
  if (modified.length === 10 || published.length === 10) return modified.slice(0, 10) < published.slice(0, 10);
  return instant(modified) < instant(published);
}

function instant(iso: string): number {
  const hasZone = /(?:Z|[+-]\d{2}:\d{2})$/.test(iso);
  return Date.parse(hasZone ? iso : `${iso}Z`);
}
