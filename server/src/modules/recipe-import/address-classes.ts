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

/** What ipaddr.js calls a range, in the importer's words ('reserved' for everything else). */
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
  // 6to4 and Teredo reach an IPv4 host chosen by whoever wrote the address: never followed.
  '6to4': 'tunnel',
  teredo: 'tunnel',
};

/**
 * The class of `address` (an IP literal as DNS returns it). IPv6 forms that embed an IPv4
 * address (IPv4-mapped `::ffff:127.0.0.1`, NAT64 `64:ff9b::7f00:1`, IPv4-translated) are judged
 * by the IPv4 address inside, so `::ffff:169.254.169.254` is link-local like the plain form.
 * Anything that is not a canonical IP address is 'reserved' (refused).
 */
export function classifyAddress(address: string): AddressClass {
  // Canonical forms only (what DNS answers): "1.2.3" or "0x7f.1" are never judged, only refused.
  const canonical = ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address);
  if (!canonical) return 'reserved';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const range = v6.range();
    if (range === 'ipv4Mapped') return classifyAddress(v6.toIPv4Address().toString());
    if (range === 'rfc6052' || range === 'rfc6145') {
      // The IPv4 address is the last 32 bits (NAT64 well-known prefix, IPv4-translated).
      const bytes = v6.toByteArray().slice(-4);
      return classifyAddress(bytes.join('.'));
    }
    return RANGE_CLASS[range] ?? 'reserved';
  }
  return RANGE_CLASS[parsed.range()] ?? 'reserved';
}
