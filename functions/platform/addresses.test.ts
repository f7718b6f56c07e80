/** The address classifier behind every outbound call, and the refusal of a name that resolves inside. */
import { describe, expect, it } from 'vitest';
import { AddressRefused, addressKind, checkedAddress } from './addresses';

describe('addressKind', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['52.95.110.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    // IPv4 inside IPv6 is judged as the IPv4 address it carries
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
    ['100::1', 'reserved'],
    ['not an address', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('leaves the neighbours of each range public', () => {
    for (const address of ['172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '169.253.255.255', '11.0.0.0', 'fbff::1', 'fec0::1']) {
      expect([address, addressKind(address)]).toEqual([address, 'public']);
    }
  });
});

describe('checkedAddress', () => {
  const aws = { allowLoopback: false };
  const local = { allowLoopback: true };
  it('refuses a name or an address inside; the local server allows loopback and nothing else inside', async () => {
    await expect(checkedAddress('localhost', aws)).rejects.toBeInstanceOf(AddressRefused);
    await expect(checkedAddress('169.254.169.254', aws)).rejects.toBeInstanceOf(AddressRefused);
    await expect(checkedAddress('::ffff:10.0.0.1', aws)).rejects.toBeInstanceOf(AddressRefused);
    await expect(checkedAddress('[::1]', aws)).rejects.toBeInstanceOf(AddressRefused);
    // the short and hexadecimal forms of 127.0.0.1 resolve to it
    await expect(checkedAddress('127.1', aws)).rejects.toBeInstanceOf(AddressRefused);
    await expect(checkedAddress('0x7f000001', aws)).rejects.toBeInstanceOf(AddressRefused);
    expect(await checkedAddress('127.0.0.1', local)).toBe('127.0.0.1');
    expect(await checkedAddress('0x7f000001', local)).toBe('127.0.0.1');
    expect(await checkedAddress('8.8.8.8', aws)).toBe('8.8.8.8');
    for (const inside of ['10.0.0.1', '172.16.0.1', '192.168.1.1', '169.254.169.254', 'fc00::1', 'fe80::1', '0.0.0.0', '::']) {
      await expect(checkedAddress(inside, local)).rejects.toBeInstanceOf(AddressRefused);
    }
  });
});
