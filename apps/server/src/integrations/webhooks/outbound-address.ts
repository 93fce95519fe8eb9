import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach unless the configuration allows it (WEBHOOKS_ALLOW_PRIVATE):
 * this machine, private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * multicast and reserved ranges, in IPv4 and IPv6 (docs/decisions.md, "Webhooks").
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address (v4, v6, or v4 mapped into v6) is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class OutboundRefused extends Error {
  constructor(
    readonly reason: 'private' | 'unresolved',
    message: string,
  ) {
    super(message);
  }
}

/** The host of a URL as the resolver takes it (brackets off an IPv6 literal). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address a name resolves to; refused when none, or when any is private. */
export async function checkHost(host: string): Promise<void> {
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new OutboundRefused('private', `${host} is a private address`);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
  ).catch(() => {
    throw new OutboundRefused('unresolved', `${host} does not resolve`);
  });
  if (addresses.length === 0) throw new OutboundRefused('unresolved', `${host} does not resolve`);
  if (addresses.some((a) => isPrivateAddress(a.address))) {
    throw new OutboundRefused('private', `${host} resolves to a private address`);
  }
}

/**
 * A `lookup` for http(s).request that refuses private answers: the connection goes to the address
 * checked, in the same step, so a name that resolves elsewhere a moment later (DNS rebinding)
 * cannot slip past a check made before.
 */
export const guardedLookup: typeof dnsLookup = ((
  hostname: string,
  options: object,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const safe = addresses.filter((a) => !isPrivateAddress(a.address));
    if (safe.length === 0 || safe.length < addresses.length) {
      return callback(new OutboundRefused('private', `${hostname} resolves to a private address`), '', 0);
    }
    if ((options as { all?: boolean }).all) return callback(null, safe);
    callback(null, safe[0]!.address, safe[0]!.family);
  });
}) as typeof dnsLookup;
