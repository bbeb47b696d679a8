export { isNonPublicAddress } from './address-class.js';
export { type NetworkAllowlist, parseNetworkAllowlist } from './network-allowlist.js';
export type { SandboxNetworkOptions } from './sandbox-network-options.js';
export {
  type AllowlistProxy,
  type AllowlistProxyOptions,
  NETWORK_MODES,
  type NetworkMode,
  type NetworkRefusal,
  startAllowlistProxy,
} from './start-allowlist-proxy.js';
export { type NetnsRelay, startNetnsRelay } from './start-netns-relay.js';
export { type RelayNamespace, startRelayNamespace } from './start-relay-namespace.js';
export { type ClientHelloReading, readClientHello } from './tls-server-name.js';
