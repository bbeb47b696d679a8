export { type ConformanceOptions, checkToolConformance } from './check-tool-conformance.js';
export {
  checkWriteBoundary,
  type WriteBoundaryOptions,
  type WriteBoundaryReport,
  type WriteBoundarySubject,
} from './check-write-boundary.js';
