/**
 * An absolute http(s) link, as the contract's `format: uri` links must be: it starts with
 * http:// or https:// (what the fields' messages promise) and names a host. The document's
 * `x-link-patterns` describe a subset of what this accepts (tests/contract checks that every link
 * they allow passes here).
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  // WHATWG URL parsing accepts spaces and other characters an RFC 3986 URI (the contract's
  // `format: uri`) may not hold; such a value would be stored and answered as it came.
  if (/[\s\p{Cc}<>"{}|\\^`]/u.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
