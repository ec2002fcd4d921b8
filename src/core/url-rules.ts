/**
 * Query normalization rules (paper §3, step 3): the first rule whose trigger matches the URL
 * decides which query parameters survive into the URL key; with no matching rule the query is
 * dropped entirely.
 */
export interface UrlKeyRule {
  /**
   * Regular expression source, tested case-insensitively and unanchored against the URL after
   * step 2 without its `http://` / `https://` prefix (the paper's Table 1 omits the scheme too),
   * e.g. `abcnews.go.com/kabc/story?_cid_=…&id=8691010`. Anchor with `^` to pin it to the host.
   */
  trigger: string;
  /** Query parameter names (decoded, case-sensitive) to keep, e.g. `["id"]`. May be empty. */
  retain: string[];
}

/**
 * Table 1 of Sluban & Grčar (2013), with two transcription errors corrected:
 * - `abcnews\go\.com` lacks the backslash before the first dot (`\g` is not even a valid escape
 *   in a Unicode-aware regex and would never match the host); shipped as `abcnews\.go\.com`.
 * - the Al Jazeera row reads `(\?.*)?\$`: the `\$` is the typesetter's escaped dollar (the same
 *   text renders the ACM price as `\$15.00`), i.e. an end anchor, not a literal `$`. We also allow
 *   an optional `/` before the query because a parsed http(s) URL always has at least the path
 *   `/`, so the homepage reads `www.aljazeera.com/?_cid_=…` here and the paper's form would never
 *   match it.
 * Rules retaining `_cid_` mark pages whose URL never changes (homepages, live shows), so only the
 * title hash tells their documents apart.
 */
export const PAPER_RULES: readonly UrlKeyRule[] = Object.freeze(
  [
    { trigger: String.raw`abcnews\.go\.com`, retain: ["id"] },
    { trigger: String.raw`www\.fitchratings\.com.*?/detail\.cfm`, retain: ["pr_id"] },
    { trigger: String.raw`bbs\.chinadaily\.com\.cn/viewthread\.php`, retain: ["tid"] },
    { trigger: String.raw`www\.hurriyetdailynews\.com/n\.php`, retain: ["n"] },
    { trigger: String.raw`globeandmail\.golfcanada\.ca`, retain: ["articleId"] },
    { trigger: String.raw`podcast\.ft\.com/index\.php`, retain: ["pid"] },
    { trigger: String.raw`www\.aljazeera\.com/?(\?.*)?$`, retain: ["_cid_"] },
    { trigger: String.raw`www\.dailymail\.co\.uk/home/index\.html`, retain: ["_cid_"] },
    { trigger: String.raw`www\.foxnews\.com/on-air.*?/index\.html`, retain: ["_cid_"] },
  ].map((rule) => Object.freeze({ trigger: rule.trigger, retain: Object.freeze(rule.retain) as string[] })),
);

// User rules run against every URL of a request; the caps bound that work and the blast radius of
// a pathological (backtracking-heavy) trigger, and are far above any real rule list.
export const MAX_RULES = 1000;
export const MAX_TRIGGER_LENGTH = 1000;
export const MAX_RETAIN = 100;

export type ParseRulesResult = { ok: true; rules: UrlKeyRule[] } | { ok: false; error: string };

/**
 * Validates a user-supplied rule list: either the parsed JSON value or the JSON text itself.
 * Unknown keys are rejected because a silently ignored `"flags"` or misspelled field would make a
 * rule behave differently from what its author reads.
 */
export function parseUrlKeyRules(json: unknown): ParseRulesResult {
  let value = json;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch (e) {
      return { ok: false, error: `rules: not valid JSON (${messageOf(e)})` };
    }
  }
  if (!Array.isArray(value)) {
    return {
      ok: false,
      error: `rules: expected a JSON array of {"trigger", "retain"} objects, got ${describe(value)}`,
    };
  }
  if (value.length > MAX_RULES) {
    return { ok: false, error: `rules: at most ${MAX_RULES} rules are allowed, got ${value.length}` };
  }
  const rules: UrlKeyRule[] = [];
  for (const [i, item] of value.entries()) {
    const at = `rules[${i}]`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      return { ok: false, error: `${at}: expected an object {"trigger", "retain"}, got ${describe(item)}` };
    }
    const record = item as Record<string, unknown>;
    const unknown = Object.keys(record).filter((k) => k !== "trigger" && k !== "retain");
    if (unknown.length > 0) {
      return {
        ok: false,
        error: `${at}: unknown key(s) ${unknown.map((k) => JSON.stringify(k)).join(", ")}; only "trigger" and "retain" are allowed`,
      };
    }
    const { trigger, retain } = record;
    if (typeof trigger !== "string" || trigger.length === 0) {
      return {
        ok: false,
        error: `${at}.trigger: expected a non-empty regular expression string, got ${describe(trigger)}`,
      };
    }
    if (trigger.length > MAX_TRIGGER_LENGTH) {
      return { ok: false, error: `${at}.trigger: longer than ${MAX_TRIGGER_LENGTH} characters` };
    }
    const compiled = tryCompile(trigger);
    if (typeof compiled === "string") {
      return { ok: false, error: `${at}.trigger: invalid regular expression ${JSON.stringify(trigger)}: ${compiled}` };
    }
    if (!Array.isArray(retain)) {
      return { ok: false, error: `${at}.retain: expected an array of parameter names, got ${describe(retain)}` };
    }
    if (retain.length > MAX_RETAIN) {
      return { ok: false, error: `${at}.retain: at most ${MAX_RETAIN} names are allowed` };
    }
    for (const [j, name] of retain.entries()) {
      if (typeof name !== "string" || name.length === 0) {
        return { ok: false, error: `${at}.retain[${j}]: expected a non-empty string, got ${describe(name)}` };
      }
    }
    rules.push({ trigger, retain: [...(retain as string[])] });
  }
  return { ok: true, rules };
}

/** Compiles triggers as buildUrlKey uses them; throws a TypeError naming the bad rule. */
export function compileUrlKeyRules(rules: readonly UrlKeyRule[]): RegExp[] {
  return rules.map((rule, i) => {
    const compiled = tryCompile(rule.trigger);
    if (typeof compiled === "string") {
      throw new TypeError(`URL key rule ${i}: invalid trigger ${JSON.stringify(rule.trigger)}: ${compiled}`);
    }
    return compiled;
  });
}

// The `u` flag makes stray escapes such as the paper's `\g` a syntax error instead of silently
// meaning a literal "g", which is how such typos get caught at parse time.
function tryCompile(source: string): RegExp | string {
  try {
    return new RegExp(source, "iu");
  } catch (e) {
    return messageOf(e);
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value) ?? "undefined"}`;
}
