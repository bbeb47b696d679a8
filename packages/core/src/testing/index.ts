export {
  checkReadPolicy,
  type ReadPolicyCall,
  type ReadPolicyCheckOptions,
  type ReadPolicyPaths,
  type ReadPolicyViolation,
} from './check-read-policy.js';
export { type ConformanceOptions, checkToolConformance } from './check-tool-conformance.js';
export {
  checkWriteBoundary,
  type WriteBoundaryOptions,
  type WriteBoundaryReport,
  type WriteBoundarySubject,
} from './check-write-boundary.js';
export {
  createTempWorkspace,
  snapshotTree,
  type TempWorkspace,
  type TempWorkspaceOptions,
} from './create-temp-workspace.js';
