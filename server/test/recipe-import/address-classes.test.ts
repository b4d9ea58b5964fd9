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
    ['2002:7f00:1::', 'tunnel'],
    ['2001::1', 'tunnel'],
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
  ])('IPv6 %s is judged by its IPv4 address: %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each(['', 'localhost', '999.1.1.1', '1.2.3', 'not an address'])('%j is refused', (address) => {
    expect(classifyAddress(address)).toBe('reserved');
  });
});
