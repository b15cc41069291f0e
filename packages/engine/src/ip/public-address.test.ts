import { forbiddenHost } from '@gatehouse/test-support/forbidden-addresses';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalAddress, nonPublicReason } from './public-address.js';

describe('nonPublicReason', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['2130706433', 'a loopback address'],
    ['0x7f.1', 'a loopback address'],
    ['017700000001', 'a loopback address'],
    ['10.1.2.3', 'a private network address'],
    ['172.31.255.255', 'a private network address'],
    ['192.168.0.10', 'a private network address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['169.254.169.254', 'a link-local address'],
    ['0.0.0.0', 'the unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'the broadcast address'],
    ['192.0.2.1', 'a reserved address'],
    ['198.18.0.1', 'a reserved address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['::', 'the unspecified address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['[::ffff:a9fe:a9fe]', 'a link-local address'],
    ['64:ff9b::7f00:1', 'a loopback address'],
    ['64:ff9b::10.0.0.1', 'a private network address'],
    ['64:ff9b:1::1', 'a reserved address'],
    ['::7f00:1', 'a reserved address'],
    ['2002:7f00:1::1', 'a reserved address'],
    ['2001:db8::1', 'a reserved address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['fd00::1', 'a private network address'],
    ['ff02::1', 'a multicast address'],
    ['shop.example.com', 'not an IP address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '23.227.38.65',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('lets the public address %s through', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });

  it('refuses every spelling of a forbidden address', () => {
    fc.assert(
      fc.property(forbiddenHost, (host) => {
        expect(nonPublicReason(host), host).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('canonicalAddress', () => {
  it('reads any spelling as one address, IPv4-mapped IPv6 as its IPv4', () => {
    expect(canonicalAddress('0x7f.1')).toBe('127.0.0.1');
    expect(canonicalAddress('[::ffff:7f00:1]')).toBe('127.0.0.1');
    expect(canonicalAddress('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(canonicalAddress('localhost')).toBeNull();
  });
});
