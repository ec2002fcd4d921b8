/**
 * One spelling of a host for everything that compares hosts (URL keys, domains, the SSRF checks,
 * ALLOW_HOSTS): what the WHATWG URL parser makes of it (lower case, punycode, IPv4 in dotted-quad
 * form, IPv6 compressed), IPv6 without brackets.
 */

export function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/**
 * `2130706433` -> `127.0.0.1`, `0:0:0:0:0:0:0:1` -> `::1`, `ExAmPle.COM` -> `example.com`. Null when
 * the URL parser rejects it as a host. Ports are not hosts: `localhost:8787` is null.
 */
export function canonicalHost(raw: string): string | null {
  const trimmed = stripBrackets(raw.trim());
  if (trimmed === "" || /[\s/\\?#@[\]]/.test(trimmed)) return null;
  const ipv6 = trimmed.includes(":");
  try {
    const url = new URL(ipv6 ? `http://[${trimmed}]/` : `http://${trimmed}/`);
    return stripBrackets(url.hostname);
  } catch {
    return null;
  }
}
