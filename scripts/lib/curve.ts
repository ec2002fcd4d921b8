/** The learning-curve buckets: a page's position within its site's stream (1 = the site's first page). */
export const CURVE = [
  { name: "1-10", from: 1, to: 10 },
  { name: "11-30", from: 11, to: 30 },
  { name: "31+", from: 31, to: Infinity },
] as const;
