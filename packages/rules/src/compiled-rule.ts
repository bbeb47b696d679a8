import type { CommandSpecifier } from './bash/match-command-specifier.js';
import type { PermissionRule } from './permission-rule.js';

/** A permission rule as `createPermissionRules` compiles it. */
export interface CompiledRule {
  readonly rule: PermissionRule;
  /** Its place in deny, ask, allow order. */
  readonly position: number;
  readonly toolPatterns: readonly RegExp[];
  readonly command?: CommandSpecifier;
  readonly path?: RegExp;
}

/** Bash rules by the command name they need, each name's list merged with the rules for any name. */
export interface CommandIndex {
  /** The rules that can match a command of this name, in deny, ask, allow order (memoized). */
  forName(name: string): readonly CompiledRule[];
  readonly all: readonly CompiledRule[];
}

/** How a decision's reason names the rule behind it. */
export const describeRule = (rule: PermissionRule) =>
  `the ${rule.list} rule "${rule.text}" in ${rule.source}`;
