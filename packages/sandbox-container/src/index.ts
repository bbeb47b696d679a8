export { DEFAULT_ENGINE_SOCKET, type EngineAddress, engineAddress } from './engine/engine-address.js';
export {
  type ContainerLimits,
  type ContainerSandbox,
  type ContainerSandboxOpening,
  type ContainerSandboxOptions,
  DEFAULT_CONTAINER_LIMITS,
  openContainerSandbox,
} from './open-container-sandbox.js';
