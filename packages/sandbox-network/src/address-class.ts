import { isIP } from 'node:net';

function v4Octets(address: string): number[] {
  return address.split('.').map(Number);
}

function isPrivateV4(address: string): boolean {
  const [a = 0, b = 0] = v4Octets(address);
  return (
    a === 0 || // this network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

/**
 * True for an address that is not a public unicast one: loopback, private, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, unspecified, multicast, reserved, and IPv6's
 * unique-local, link-local and the IPv4-mapped forms of those. What is not an IP address is "private" too.
 */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPrivateV4(address);
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  const mapped =
    /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ??
    /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPrivateV4(mapped[1]!);
  if (lower === '::' || lower === '::1') return true;
  const first = Number.parseInt(lower.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xff00) === 0xff00 || // multicast
    first === 0 // ::/8 compatibility and the rest of the reserved block
  );
}
