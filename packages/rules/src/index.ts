export { analyzeCommandLine } from './bash/analyze-command-line-on-first-call.js';
export type { CommandLineAnalysis, SimpleCommand, StaticWord } from './bash/command-line-analysis.js';
export { checkRuleTools, closestToolName } from './check-rule-tools.js';
export {
  createPermissionRules,
  type PermissionRules,
  type PermissionRulesOptions,
} from './create-permission-rules.js';
export {
  type PermissionLists,
  type PermissionRuleIssue,
  parsePermissionRules,
} from './parse-permission-rules.js';
export { compilePathGlob } from './path-glob.js';
export type {
  CommandWriteTarget,
  PermissionDecision,
  PermissionList,
  PermissionQuery,
  PermissionRule,
} from './permission-rule.js';
export { TOOL_ALIASES } from './tool-aliases.js';
