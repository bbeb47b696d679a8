import type { NetworkMode, NetworkRefusal } from './start-allowlist-proxy.js';

/** A sandbox's network allowlist, as every sandbox package takes it: the hosts it may reach through the allowlist proxy. */
export interface SandboxNetworkOptions {
  /** Host names, `*.domain` and IP addresses (see `parseNetworkAllowlist`). */
  readonly allow: readonly string[];
  /** @default 'full' */
  readonly mode?: NetworkMode;
  /** How the proxy resolves names. @default the system resolver */
  readonly resolve?: (host: string) => Promise<readonly string[]>;
  /** Hears each refused connection (the host's audit log). */
  readonly onRefusal?: (refusal: NetworkRefusal) => void;
}

/** The port a proxy relay listens on in a sandbox's namespace, unless told another. */
export const DEFAULT_RELAY_PORT = 3128;
