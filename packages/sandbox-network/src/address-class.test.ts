import { describe, expect, it } from 'vitest';
import { isNonPublicAddress } from './address-class.js';

describe('isNonPublicAddress', () => {
  it('names loopback, private, link-local, metadata, CGNAT, multicast and their IPv6 and mapped forms', () => {
    const nonPublic = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ];
    expect(nonPublic.filter((address) => !isNonPublicAddress(address))).toEqual([]);
  });

  it('lets public unicast addresses through', () => {
    const publicOnes = ['8.8.8.8', '104.16.0.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'];
    expect(publicOnes.filter((address) => isNonPublicAddress(address))).toEqual([]);
  });
});
