import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may not go (SSRF, issue #34 item 2): the organization names the URL, the server makes
 * the request from inside its own network. Refused: unspecified, private (RFC 1918), loopback,
 * link-local (cloud metadata at 169.254.169.254), CGNAT, benchmarking, documentation, multicast and
 * reserved IPv4; IPv6 unspecified, loopback, IPv4-mapped and NAT64/6to4/Teredo (they can carry an
 * internal IPv4 address), unique local, link-local, documentation and multicast.
 */
// Two lists: Node's BlockList also matches an IPv4 address against IPv6 rules (as ::ffff:a.b.c.d), so the
// rule refusing every IPv4-mapped address would refuse every IPv4 address if they shared one list.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked4.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked6.addSubnet(net, bits, 'ipv6');
}
const loopback4 = new BlockList();
loopback4.addSubnet('127.0.0.0', 8, 'ipv4');
const loopback6 = new BlockList();
loopback6.addAddress('::1', 'ipv6');

/** Why a webhook may not be sent to this IP address, or null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const isLoopback = family === 4 ? loopback4.check(address, type) : loopback6.check(address, type);
  if (isLoopback) return allowLoopback ? null : `${address} is a loopback address`;
  const isBlocked = family === 4 ? blocked4.check(address, type) : blocked6.check(address, type);
  if (isBlocked) return `${address} is a private, link-local or reserved address`;
  return null;
}

/** A URL's host as an IP address when it is one (the brackets of an IPv6 literal removed), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

export class RefusedTargetError extends Error {}

/**
 * A `lookup` for http.request that resolves the name, refuses it when ANY of its addresses is refused,
 * and hands the socket exactly the addresses it checked: the connection goes where the check looked
 * (no second resolution a rebinding DNS server could answer differently).
 */
export function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
      for (const a of addresses) {
        const why = refusedAddress(a.address, allowLoopback);
        // The resolved address is not named: the delivery log would tell its reader what internal names
        // resolve to (a map of the network behind the server), though nothing reaches them.
        if (why) {
          const kind = why.endsWith('loopback address') ? 'a loopback' : 'a private, link-local or reserved';
          return callback(new RefusedTargetError(`${hostname} resolves to ${kind} address`), '', 0);
        }
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
