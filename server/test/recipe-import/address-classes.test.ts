import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/modules/recipe-import/address-classes.js';

/** Each refused class of the SSRF guard, for IPv4, IPv6 and the IPv6 forms that embed IPv4. */
describe('classifyAddress', () => {
  it.each([
    ['93.184.215.14', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:81c::200e', 'public'],
  ])('%s is public', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // Outside 2000::/3, IPv6's only global unicast space.
    ['1::7f00:1', 'reserved'],
    ['0:0:0:ffff::7f00:1', 'reserved'],
    ['4000::1', 'reserved'],
    ['e000::1', 'reserved'],
  ])('%s is refused as %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:a00:1', 'private'],
    ['::ffff:0:808:808', 'public'],
  ])('IPv6 %s is judged by its IPv4 address: %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  // Whoever writes a tunnelling address picks the IPv4 host it reaches: refused whatever is inside.
  it.each([
    // IPv4-compatible ::a.b.c.d, in hex and as libuv prints a DNS answer (ipaddr.js alone reads
    // the dotted form as the mapped ::ffff:a.b.c.d, so ::8.8.8.8 passed as public).
    ['::7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'private'],
    ['::a9fe:a9fe', 'link-local'],
    ['::808:808', 'public'],
    ['::8.8.8.8', 'public'],
    // 6to4 2002:v4::/48, the IPv4 address in bits 16-47.
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a00:1::1', 'private'],
    ['2002:808:808::1', 'public'],
    // Teredo 2001:0:server:flags:port:~client (RFC 4380), the server in bits 32-63 and the client
    // inverted in the last 32 bits.
    ['2001:0:7f00:1::', 'loopback server'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback client'],
    ['2001:0:a00:1:8000:63bf:f5ff:fffe', 'private server and client'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', "RFC 4380's public example"],
  ])('tunnelling address %s (%s inside) is refused as tunnel', (address) => {
    expect(classifyAddress(address)).toBe('tunnel');
  });

  // 64:ff9b:1::/48 (RFC 8215) is for a local NAT64 of any prefix length: the IPv4 address is at
  // no known place (a /48 translator reads 127.0.0.1 from 64:ff9b:1:7f00:0:100::).
  it.each(['64:ff9b:1::7f00:1', '64:ff9b:1::808:808', '64:ff9b:1:7f00:0:100:808:808'])(
    'local-use NAT64 address %s is refused as reserved',
    (address) => {
      expect(classifyAddress(address)).toBe('reserved');
    },
  );

  it.each(['', 'localhost', '999.1.1.1', '1.2.3', 'not an address', '::ffff:0x7f.0.0.1'])(
    '%j is refused',
    (address) => {
      expect(classifyAddress(address)).toBe('reserved');
    },
  );
});
