import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the recipe importer may connect to (OWASP SSRF cheat sheet, "Application
 * layer: block private and reserved addresses"). Only globally routable unicast is allowed; every
 * other class names itself so a refusal (and its test) says which rule struck. ipaddr.js keeps the
 * IANA special-purpose registries (RFC 6890 and successors) up to date, rather than a list of
 * CIDRs copied here.
 */
export type RefusedClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'carrier-grade-nat'
  | 'unique-local'
  | 'tunnel'
  | 'reserved';

export type AddressClass = 'public' | RefusedClass;

/** What ipaddr.js (or ipv6Range) calls a range, in the importer's words ('reserved' otherwise). */
const RANGE_CLASS: Record<string, AddressClass> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  carrierGradeNat: 'carrier-grade-nat',
  uniqueLocal: 'unique-local',
  // Forms that carry an IPv4 address to tunnel to, chosen by whoever wrote the address: 6to4,
  // Teredo, and IPv4-compatible ::a.b.c.d (deprecated by RFC 4291, once for automatic tunnels).
  // Refused whatever the address inside, rather than judged by it.
  '6to4': 'tunnel',
  teredo: 'tunnel',
  ipv4Compatible: 'tunnel',
  nat64LocalUse: 'reserved',
};

const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** ipaddr.js's name for the range of `v6`, with the ranges it does not tell apart. */
function ipv6Range(v6: ipaddr.IPv6): string {
  const range = v6.range();
  // ::/96 is 'unicast' to ipaddr.js, except :: and ::1.
  if (range === 'unicast' && v6.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  // So is all the rest that no registry names: public IPv6 is 2000::/3 only (IANA's IPv6 address
  // space; the rest is reserved by the IETF), so forms yet unnamed are refused, not let through.
  if (range === 'unicast' && !v6.match(GLOBAL_UNICAST)) return 'unassigned';
  // ipaddr.js files the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215) with the well-known
  // 64:ff9b::/96 as 'rfc6052'. A local translator may use any prefix length inside it, so the
  // IPv4 address is at no known place, and it may be private (RFC 6052 bars non-global IPv4
  // addresses from the well-known prefix only).
  if (range === 'rfc6052' && !v6.match(NAT64_WELL_KNOWN)) return 'nat64LocalUse';
  return range;
}

/**
 * `address` with a dotted IPv4 tail written as two hex groups. ipaddr.js reads "::a.b.c.d" as
 * the mapped ::ffff:a.b.c.d, but it is the IPv4-compatible ::a.b.c.d, and that is how libuv
 * prints such a DNS answer.
 */
function withHexTail(address: string): string {
  return address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)(%.*)?$/, (...match: string[]) => {
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    return `${hex(a, b)}:${hex(c, d)}${match[5] ?? ''}`;
  });
}

/**
 * The class of `address` (an IP literal as DNS returns it). IPv6 forms that embed an IPv4
 * address to translate to (IPv4-mapped `::ffff:127.0.0.1`, NAT64 `64:ff9b::7f00:1`,
 * IPv4-translated `::ffff:0:7f00:1`) are judged by the IPv4 address inside, so
 * `::ffff:169.254.169.254` is link-local like the plain form; the tunnelling forms above are
 * refused. Anything that is not a canonical IP address is 'reserved' (refused).
 */
export function classifyAddress(address: string): AddressClass {
  // Canonical forms only (what DNS answers): "1.2.3" or "0x7f.1" are never judged, only refused.
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) {
    return RANGE_CLASS[ipaddr.IPv4.parse(address).range()] ?? 'reserved';
  }
  // Node's own reading (the one the connection will use), stricter than ipaddr.js's.
  if (!isIPv6(address)) return 'reserved';
  const v6 = ipaddr.IPv6.parse(withHexTail(address));
  const range = ipv6Range(v6);
  if (range === 'ipv4Mapped' || range === 'rfc6052' || range === 'rfc6145') {
    // The IPv4 address is the last 32 bits.
    return classifyAddress(v6.toByteArray().slice(-4).join('.'));
  }
  return RANGE_CLASS[range] ?? 'reserved';
}
