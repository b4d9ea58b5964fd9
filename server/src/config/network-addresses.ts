import ipaddr from 'ipaddr.js';

/**
 * True when `host` (the address the server listens on) is reachable from this machine only:
 * 127.0.0.0/8, ::1 (also written as an IPv4-mapped address) or the name localhost.
 * 0.0.0.0 and :: listen on every interface, so they are not.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(name)) return false;
  const address = ipaddr.process(name);
  return address.range() === 'loopback';
}

/** The names @fastify/proxy-addr (Fastify's trustProxy) accepts for well-known ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A dotted-quad IPv4 or an IPv6 address, nothing ipaddr.js would guess at ("10", "127.1"). */
function isPlainAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/** An address, an address/prefix (CIDR) or a range name, as Fastify's trustProxy list takes them. */
export function isProxyAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash === -1) return isPlainAddress(entry);
  if (!isPlainAddress(entry.slice(0, slash))) return false;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * A host as a URL serializes it that a machine can really have: DNS labels of letters, digits,
 * hyphens (and the underscores some intranets use), or an IP address. The URL parser lets through
 * names no resolver knows, such as `*.example.com`; such a setting could never match a request.
 */
export function isRealHostName(host: string): boolean {
  if (host.startsWith('[') && host.endsWith(']')) return ipaddr.IPv6.isValid(host.slice(1, -1));
  return /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/.test(host);
}
