export { type ConformanceOptions, checkToolConformance } from './check-tool-conformance.js';
