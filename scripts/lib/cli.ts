/**
 * Command lines for the scripts: node:util parseArgs, strict, with `--help`. An unknown option is
 * an error rather than something silently ignored (a mistyped flag once retrained and overwrote
 * the shipped model).
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface Cli<O extends Options> {
  values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>["values"];
  positionals: string[];
}

/**
 * Parses argv against `options` (plus `--help`). `--help` prints the usage and exits 0; a bad
 * command line prints the error and the usage and exits 2. Positionals are refused unless allowed.
 */
export function parseCli<O extends Options>(
  usage: string,
  options: O,
  { positionals = false, argv = process.argv.slice(2) } = {},
): Cli<O> {
  let parsed;
  try {
    const withHelp = { ...options, help: { type: "boolean" as const } };
    parsed = parseArgs({ args: argv, options: withHelp, allowPositionals: true, strict: true });
  } catch (err) {
    return fail(usage, err instanceof Error ? err.message : String(err));
  }
  if ((parsed.values as Record<string, unknown>).help) {
    console.log(usage.trim());
    process.exit(0);
  }
  const extra = parsed.positionals[0];
  if (!positionals && extra !== undefined) return fail(usage, `unexpected argument: ${extra}`);
  return parsed;
}

/** A numeric option: absent gives the fallback; anything but a finite number is a usage error. */
export function numberOption(usage: string, name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isFinite(n) && value.trim() !== "" ? n : fail(usage, `--${name} needs a number, got "${value}"`);
}

function fail(usage: string, message: string): never {
  console.error(`error: ${message}\n\n${usage.trim()}`);
  process.exit(2);
}
