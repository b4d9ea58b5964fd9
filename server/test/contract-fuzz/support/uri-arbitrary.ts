import fc from 'fast-check';

/**
 * URIs as RFC 3986 (JSON Schema's `format: uri`) allows them, not as a server would like them:
 * empty and numeric hosts, IP literals, user info, ports past 65535, percent-encodings, every
 * sub-delimiter. A schema's `pattern` and `maxLength` are applied by the caller's validator, so
 * a document whose link pattern says less than the server checks lets some of these through.
 */

const pctEncoded = fc.stringMatching(/^%[0-9A-Fa-f]{2}$/);
/** `unreserved / pct-encoded / sub-delims` plus `extra` (":", "@", "/", "?" where allowed). */
const chars = (extra: string, maxLength: number) =>
  fc
    .array(
      fc.oneof(
        { weight: 8, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~-]$/) },
        { weight: 2, arbitrary: fc.constantFrom(..."!$&'()*+,;=", ...extra) },
        { weight: 1, arbitrary: pctEncoded },
      ),
      { maxLength },
    )
    .map((parts) => parts.join(''));

const label = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/) },
  { weight: 2, arbitrary: fc.stringMatching(/^[0-9]{1,4}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^0x[0-9a-f]{0,3}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^xn--[a-z0-9]{1,6}$/) },
  { weight: 1, arbitrary: fc.constantFrom('xn--caf-dma', 'localhost', 'example', 'com') },
  { weight: 2, arbitrary: chars('', 6) },
);
const octet = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 256, max: 999 }));

const host = fc.oneof(
  { weight: 8, arbitrary: fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join('.')) },
  {
    weight: 1,
    arbitrary: fc.array(label, { minLength: 1, maxLength: 3 }).map((l) => `${l.join('.')}.`),
  },
  { weight: 2, arbitrary: fc.array(octet, { minLength: 1, maxLength: 5 }).map((o) => o.join('.')) },
  { weight: 1, arbitrary: fc.constantFrom('[::1]', '[2001:db8::7]', '[v1.x]', '[::ffff:7f00:1]') },
  { weight: 1, arbitrary: fc.constant('') },
);

const port = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constant(':') },
  { weight: 2, arbitrary: fc.constantFrom(':80', ':443', ':8080', ':0', ':65535', ':65536') },
  { weight: 2, arbitrary: fc.stringMatching(/^:[0-9]{1,7}$/) },
);

const userInfo = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: chars(':', 8).map((info) => `${info}@`) },
);

const path = fc
  .array(chars(':@', 8), { maxLength: 4 })
  .map((segments) => segments.map((segment) => `/${segment}`).join(''));
const queryOrFragment = (mark: string) =>
  fc.option(
    chars(':@/?', 12).map((text) => `${mark}${text}`),
    { freq: 3, nil: '' },
  );

/** The scheme: mostly the web's, in any case, sometimes others a link field should refuse. */
const scheme = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('http', 'https') },
  { weight: 1, arbitrary: fc.constantFrom('HTTP', 'Https') },
  { weight: 2, arbitrary: fc.constantFrom('ftp', 'mailto', 'javascript', 'data', 'file', 'urn') },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z][a-z0-9+.-]{0,6}$/) },
);

/** `scheme ":" hier-part ["?" query] ["#" fragment]`, with and without an authority. */
export const uriArbitrary: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .tuple(scheme, userInfo, host, port, path, queryOrFragment('?'), queryOrFragment('#'))
      .map(
        ([name, info, at, number, rest, query, fragment]) =>
          `${name}://${info}${at}${number}${rest}${query}${fragment}`,
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(scheme, fc.constantFrom('', '/'), chars(':@/', 12), queryOrFragment('?'))
      .map(([name, slash, rest, query]) => `${name}:${slash}${rest}${query}`),
  },
);
