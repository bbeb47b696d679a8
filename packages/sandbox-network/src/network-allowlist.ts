import { isIP } from 'node:net';
import { InvalidOptionsError } from '@toolgate/core';

/** Which hosts a sandbox may reach through the proxy. */
export interface NetworkAllowlist {
  /** The entries as given (lower case). */
  readonly entries: readonly string[];
  /** True when `host` (a name, lower case, no port) is listed, or matches a `*.` entry (subdomains only). */
  allowsName(host: string): boolean;
  /** True when the IP address itself is listed (the only way a raw, loopback or private address is let out). */
  listsAddress(address: string): boolean;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function validName(name: string): boolean {
  return name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

/**
 * Parses allowlist entries: `registry.npmjs.org` (that host), `*.github.com` (its subdomains, not
 * `github.com` itself), or an IP address (`127.0.0.1`, `::1`: the only way to let out a raw,
 * loopback or private address). Throws `InvalidOptionsError` for anything else (a URL, a port, `*`).
 */
export function parseNetworkAllowlist(entries: readonly string[]): NetworkAllowlist {
  const names = new Set<string>();
  const suffixes: string[] = [];
  const addresses = new Set<string>();
  const normalized: string[] = [];
  for (const raw of entries) {
    const entry = typeof raw === 'string' ? raw.trim().toLowerCase().replace(/\.$/, '') : '';
    const bare = entry.replace(/^\[|\]$/g, '');
    if (isIP(bare)) {
      addresses.add(bare);
    } else if (entry.startsWith('*.') && validName(entry.slice(2)) && entry.slice(2).includes('.')) {
      suffixes.push(entry.slice(1));
    } else if (validName(entry)) {
      names.add(entry);
    } else {
      throw new InvalidOptionsError(
        `network allowlist entry ${JSON.stringify(raw)} is not a host name, "*.domain" or an IP address (no scheme, port, path or bare "*"); e.g. "registry.npmjs.org", "*.github.com"`,
      );
    }
    normalized.push(entry);
  }
  return {
    entries: normalized,
    allowsName(host) {
      const name = host.toLowerCase().replace(/\.$/, '');
      return (
        names.has(name) || suffixes.some((suffix) => name.endsWith(suffix) && name.length > suffix.length)
      );
    },
    listsAddress(address) {
      return addresses.has(address.toLowerCase());
    },
  };
}
