/**
 * Which hosts an outbound fetch of a user-given URL must refuse (SSRF defence), and the
 * allow-list that overrides it.
 *
 * What this can and cannot catch: Workers have no DNS API, so a public name that resolves to a
 * private address (`127.0.0.1.nip.io`, DNS rebinding) is not detected here. The defence is in two
 * layers: (1) these checks on the literal host of every hop (IP literals in every spelling the URL
 * parser accepts, plus internal-only names: `localhost`, single-label names, `.local`,
 * `.internal`, ...), and (2) Cloudflare's own egress, which in production cannot reach private
 * ranges or the host's network at all. The allow-list exists for local demos and tests
 * (`wrangler dev` fetching a server on localhost), not for production.
 */
import { canonicalHost, stripBrackets } from "../core/host";
import { ipv4Reason, ipv6Reason, parseIPv4, parseIPv6 } from "./ip-ranges";

/**
 * Name suffixes that only resolve on internal networks. `localhost` (RFC 6761), `.local`
 * (mDNS), `.internal` (ICANN's private-use TLD, e.g. `metadata.google.internal`), `.home.arpa`
 * (RFC 8375), and the suffixes RFC 6762 Appendix G lists as in common private use; none of them
 * is delegated in the public DNS, so refusing them costs nothing.
 */
const INTERNAL_SUFFIXES: readonly (readonly [string, string])[] = [
  ["localhost", "localhost name"],
  ["local", "mDNS / link-local name (.local)"],
  ["internal", "internal name (.internal)"],
  ["home.arpa", "home network name (.home.arpa)"],
  ["localdomain", "internal name (.localdomain)"],
  ["lan", "internal name (.lan)"],
  ["intranet", "internal name (.intranet)"],
  ["corp", "internal name (.corp)"],
  ["home", "internal name (.home)"],
  ["private", "internal name (.private)"],
];

/** Named for clarity in messages; also covered by `.internal`. */
const METADATA_NAMES = new Set(["metadata.google.internal"]);

/** The allow-list key for a parsed URL: its hostname without IPv6 brackets. */
export function hostKey(url: URL): string {
  return stripBrackets(url.hostname);
}

/**
 * Parses the `ALLOW_HOSTS` Worker variable: comma-separated host names or IP literals. Entries
 * are trimmed, lower-cased and canonicalized like a URL host (`[::1]` -> `::1`, `127.1` ->
 * `127.0.0.1`); empty entries are ignored; an entry the URL parser rejects is kept lower-cased
 * as written (it can never match a host, which is the safe outcome).
 */
export function parseAllowHosts(value: string | undefined | null): Set<string> {
  const out = new Set<string>();
  for (const part of (value ?? "").split(",")) {
    const entry = part.trim().toLowerCase();
    if (entry === "") continue;
    out.add(canonicalHost(entry) ?? stripBrackets(entry));
  }
  return out;
}

/**
 * Why a fetch to this host must be refused, or null when it is fine. Takes a hostname as a URL
 * has it (`url.hostname`, brackets optional) or as a person writes it; it is canonicalized with
 * the URL parser first, so every IPv4 spelling the parser accepts is caught. Does not consult
 * any allow-list.
 */
export function isForbiddenHost(hostname: string): string | null {
  const host = canonicalHost(hostname);
  if (host === null) return "not a valid host";

  if (host.includes(":")) {
    const groups = parseIPv6(host);
    return groups === null ? "not a valid IPv6 address" : ipv6Reason(groups);
  }

  const v4 = parseIPv4(host);
  if (v4 !== null) return ipv4Reason(v4);

  // A fully-qualified name may end in a dot (`localhost.`); it names the same host.
  const name = host.replace(/\.+$/, "");
  if (name === "") return "empty host name";
  if (METADATA_NAMES.has(name)) return "cloud metadata host name";
  for (const [suffix, reason] of INTERNAL_SUFFIXES) {
    if (name === suffix || name.endsWith(`.${suffix}`)) return reason;
  }
  // `intranet`, `router`, `metadata`: resolved through the local search domain, never public.
  if (!name.includes(".")) return "single-label host name (resolves only on internal networks)";
  return null;
}
