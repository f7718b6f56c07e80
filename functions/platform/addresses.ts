/** Where Herald may connect on an organization's behalf (a provider, a partner's server). */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { say } from '../../shared/i18n/say';

export type AddressKind = 'public' | 'loopback' | 'private' | 'linkLocal' | 'unspecified' | 'multicast' | 'reserved';

const RANGES: [AddressKind, 'ipv4' | 'ipv6', string, number][] = [
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['private', 'ipv4', '100.64.0.0', 10],
  ['linkLocal', 'ipv4', '169.254.0.0', 16],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '198.18.0.0', 15],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  // IPv4-compatible (::a.b.c.d, deprecated) and 6to4 (2002:aabb:ccdd::) addresses carry an IPv4 address unchecked
  ['reserved', 'ipv6', '::', 96],
  ['reserved', 'ipv6', '2002::', 16],
  ['reserved', 'ipv6', '100::', 64],
  ['private', 'ipv6', 'fc00::', 7],
  ['linkLocal', 'ipv6', 'fe80::', 10],
  ['multicast', 'ipv6', 'ff00::', 8],
];

const LISTS = new Map<AddressKind, BlockList>();
for (const [kind, family, net, prefix] of RANGES) {
  if (!LISTS.has(kind)) LISTS.set(kind, new BlockList());
  LISTS.get(kind)!.addSubnet(net, prefix, family);
}

function embeddedIpv4(address: string): string | undefined {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = parseInt(m[2]!, 16);
  const lo = parseInt(m[3]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** What an IP address is; anything that is not an IP address counts as reserved. */
export function addressKind(address: string): AddressKind {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  for (const [kind, list] of LISTS) {
    if (v4 ? list.check(v4, 'ipv4') : list.check(address, 'ipv6')) return kind;
  }
  return 'public';
}

/** The host is refused: said the same way whatever is (or is not) listening there. */
export class AddressRefused extends Error {
  constructor() {
    super(say('outbound.addressRefused'));
  }
}

export interface OutboundPolicy {
  allowLoopback: boolean;
}

const reachable = (address: string, policy: OutboundPolicy) => {
  const kind = addressKind(address);
  return kind === 'public' || (policy.allowLoopback && kind === 'loopback');
};

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export async function checkedAddresses(host: string, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const found = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare, { all: true, verbatim: true });
  if (found.length === 0 || found.some((a) => !reachable(a.address, policy))) throw new AddressRefused();
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

export async function checkedAddress(host: string, policy: OutboundPolicy): Promise<string> {
  return (await checkedAddresses(host, policy))[0]!.address;
}
