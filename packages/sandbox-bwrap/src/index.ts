export { type BwrapLayout, bwrapArguments } from './bwrap-arguments.js';
export {
  findMaskedPaths,
  type MaskedPath,
  type ReadDenied,
  UNSEARCHED_DIRECTORIES,
} from './find-masked-paths.js';
export {
  type BwrapSandbox,
  type BwrapSandboxOpening,
  type BwrapSandboxOptions,
  DEFAULT_PROTECTED_PATHS,
  openBwrapSandbox,
} from './open-bwrap-sandbox.js';
export {
  type ConfinedSandboxMode,
  parseSandboxMode,
  SANDBOX_MODES,
  type SandboxMode,
} from './sandbox-mode.js';
export { toolgateDirectories } from './toolgate-directories.js';
