import { homedir } from 'node:os';
import { analyzeCommandLine } from './bash/analyze-command-line-on-first-call.js';
import { compileCommandSpecifier, specifierCommandName } from './bash/match-command-specifier.js';
import { type CommandIndex, type CompiledRule, describeRule } from './compiled-rule.js';
import { compilePathGlob } from './path-glob.js';
import type {
  PermissionDecision,
  PermissionList,
  PermissionQuery,
  PermissionRule,
} from './permission-rule.js';
import { READ_TOOLS, WRITE_TOOLS } from './tool-aliases.js';

/** Decides calls by the rules users wrote. */
export interface PermissionRules {
  /** Every rule, deny first. */
  readonly rules: readonly PermissionRule[];
  /** The decision of the rules for one call, or `undefined` when no rule speaks to it. */
  decide(query: PermissionQuery): Promise<PermissionDecision | undefined>;
  /**
   * The bare deny rule (no specifier, `bash`, `mcp__github__*`) that refuses every call of this
   * tool, or `undefined`: hosts do not offer such a tool to the model at all.
   */
  deniedTool(tool: string): PermissionRule | undefined;
}

/** Options of {@link createPermissionRules}. */
export interface PermissionRulesOptions {
  /** Expands `~/` in path rules. @default os.homedir() */
  readonly homeDirectory?: string;
}

const ORDER: readonly PermissionList[] = ['deny', 'ask', 'allow'];

function indexCommandRules(rules: readonly CompiledRule[]): CommandIndex {
  const byName = new Map<string, CompiledRule[]>();
  const anyName: CompiledRule[] = [];
  for (const candidate of rules) {
    const name = candidate.command ? specifierCommandName(candidate.command) : undefined;
    if (name === undefined) anyName.push(candidate);
    else {
      const list = byName.get(name);
      if (list) list.push(candidate);
      else byName.set(name, [candidate]);
    }
  }
  const merged = new Map<string, readonly CompiledRule[]>();
  return {
    all: rules,
    forName: (name) => {
      let found = merged.get(name);
      if (!found) {
        const named = byName.get(name) ?? [];
        found =
          anyName.length === 0
            ? named
            : named.length === 0
              ? anyName
              : [...named, ...anyName].sort((a, b) => a.position - b.position);
        merged.set(name, found);
      }
      return found;
    },
  };
}

const toolPattern = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/**
 * Compiles rules from any number of files into one decision: `deny` beats `ask` beats `allow`,
 * whatever their order or file. A bash rule is matched against every simple command of the parsed
 * line (through wrappers like `sudo`, `timeout`, `xargs`, `find -exec`, and into `bash -c '…'`);
 * the line is allowed only when every command is, and redirect targets are judged as writes.
 */
export function createPermissionRules(
  rules: readonly PermissionRule[],
  options: PermissionRulesOptions = {},
): PermissionRules {
  // Read only for a path rule: os.homedir() loads node:os, which a session without such rules never needs.
  const home = () => options.homeDirectory ?? homedir();
  const ordered = ORDER.flatMap((list) => rules.filter((rule) => rule.list === list));
  const compiled: CompiledRule[] = ordered.map((rule, position) => {
    const base = { rule, position, toolPatterns: rule.tools.map(toolPattern) };
    if (rule.specifier === undefined) return base;
    return rule.tools.includes('bash')
      ? { ...base, command: compileCommandSpecifier(rule.specifier) }
      : { ...base, path: compilePathGlob(rule.specifier, home()) };
  });
  const byTool = new Map<string, readonly CompiledRule[]>();
  const forTool = (tool: string): readonly CompiledRule[] => {
    let found = byTool.get(tool);
    if (!found) {
      found = compiled.filter(({ toolPatterns }) => toolPatterns.some((pattern) => pattern.test(tool)));
      byTool.set(tool, found);
    }
    return found;
  };
  // Bash rules by the command name they need, so a command is checked against its own few rules.
  const bashIndex = new Map<string, CommandIndex>();
  const indexFor = (tool: string): CommandIndex => {
    let index = bashIndex.get(tool);
    if (!index) {
      index = indexCommandRules(forTool(tool));
      bashIndex.set(tool, index);
    }
    return index;
  };

  // The first deny or ask rule without a specifier: it decides every command line of the tool.
  const unconditionalByTool = new Map<string, CompiledRule | undefined>();
  const unconditionalFor = (tool: string): CompiledRule | undefined => {
    if (!unconditionalByTool.has(tool))
      unconditionalByTool.set(
        tool,
        forTool(tool).find(({ rule, command }) => command === undefined && rule.list !== 'allow'),
      );
    return unconditionalByTool.get(tool);
  };

  const decidePaths = (
    tool: string,
    paths: readonly string[] | undefined,
  ): PermissionDecision | undefined => {
    // A command rule speaks only to command lines (not to `bash status` or `bash stop`).
    const pathRules = forTool(tool).filter(({ command }) => command === undefined);
    // deny and ask decide when they match any one path of the call.
    for (const { rule, path } of pathRules) {
      if (rule.list === 'allow') continue;
      if (path === undefined)
        return { decision: rule.list, rule, reason: `${describeRule(rule)} covers every ${tool} call` };
      const hit = paths?.find((candidate) => path.test(candidate));
      if (hit !== undefined)
        return { decision: rule.list, rule, reason: `${describeRule(rule)} matches ${hit}` };
    }
    // allow decides only when allow rules cover every path of the call: one covering a.txt does
    // not allow a patch that also writes run.sh (an "always" for a.txt stays as narrow as a.txt).
    const allows = pathRules.filter(({ rule }) => rule.list === 'allow');
    const whole = allows.find(({ path }) => path === undefined);
    if (whole)
      return {
        decision: 'allow',
        rule: whole.rule,
        reason: `${describeRule(whole.rule)} covers every ${tool} call`,
      };
    if (!paths || paths.length === 0) return undefined;
    const covering = paths.map((candidate) => allows.find(({ path }) => path?.test(candidate)));
    const [first] = covering;
    if (first === undefined || covering.some((found) => found === undefined)) return undefined;
    return {
      decision: 'allow',
      rule: first.rule,
      reason: `${describeRule(first.rule)} matches ${paths.length === 1 ? paths[0] : `every path (${paths.join(', ')})`}`,
    };
  };

  // The first bash deny or ask rule with a specifier: code the analyzer cannot read asks while one is in force.
  const guardByTool = new Map<string, CompiledRule | undefined>();
  const guardFor = (tool: string): CompiledRule | undefined => {
    if (!guardByTool.has(tool))
      guardByTool.set(
        tool,
        forTool(tool).find(({ rule, command }) => command !== undefined && rule.list !== 'allow'),
      );
    return guardByTool.get(tool);
  };

  // Whether a write rule can speak to a command line's redirections (else only the host's refusals can).
  const writeRules = WRITE_TOOLS.some((tool) => forTool(tool).some(({ command }) => command === undefined));

  /** The verdict of the write rules (and the host's refusals) on one path a command line writes. */
  const decideWrite = async (
    target: string | null,
    query: PermissionQuery,
    judged: boolean,
  ): Promise<PermissionDecision | undefined> => {
    if (target === null)
      return judged
        ? { decision: 'ask', reason: 'a redirection writes to a path known only when the line runs' }
        : undefined;
    const resolved = query.resolveCommandPath ? await query.resolveCommandPath(target) : { path: target };
    if (resolved.refusal !== undefined) return { decision: 'deny', reason: resolved.refusal };
    const verdicts = WRITE_TOOLS.map((tool) => decidePaths(tool, [resolved.path]));
    return (
      verdicts.find((verdict) => verdict?.decision === 'deny') ??
      (resolved.unwritable !== undefined
        ? { decision: 'ask', reason: `a redirection writes ${resolved.path}: ${resolved.unwritable}` }
        : undefined) ??
      verdicts.find((verdict) => verdict?.decision === 'ask')
    );
  };

  // Whether a read rule can speak to a command line's input redirections.
  const readRules = READ_TOOLS.some((tool) =>
    forTool(tool).some(({ command, rule }) => command === undefined && rule.list !== 'allow'),
  );

  /** The verdict of the read rules' deny and ask lists on one path a command line reads (`< file`, `$(<file)`). */
  const decideRead = async (
    target: string | null,
    query: PermissionQuery,
  ): Promise<PermissionDecision | undefined> => {
    if (target === null) return undefined;
    const resolved = query.resolveCommandPath ? await query.resolveCommandPath(target) : { path: target };
    // A secret is read by no tool, a command line's `< .env` included.
    if (resolved.readRefusal !== undefined) return { decision: 'deny', reason: resolved.readRefusal };
    const { path } = resolved;
    const verdicts = READ_TOOLS.map((tool) => decidePaths(tool, [path])).filter(
      (verdict) => verdict?.decision !== 'allow',
    );
    return (
      verdicts.find((verdict) => verdict?.decision === 'deny') ??
      verdicts.find((verdict) => verdict?.decision === 'ask')
    );
  };

  const decideCommandLine = async (query: PermissionQuery): Promise<PermissionDecision | undefined> => {
    const bashRules = forTool(query.tool);
    const judged = bashRules.length > 0 || writeRules;
    if ((!judged && !readRules && query.resolveCommandPath === undefined) || query.command === undefined)
      return decidePaths(query.tool, query.paths);
    const unconditional = unconditionalFor(query.tool);
    if (unconditional)
      return {
        decision: unconditional.rule.list,
        rule: unconditional.rule,
        reason: `${describeRule(unconditional.rule)} covers every command`,
      };
    const [analysis, { decideCommand }] = await Promise.all([
      analyzeCommandLine(query.command),
      import('./bash/decide-command.js'),
    ]);
    const index = indexFor(query.tool);
    const verdicts = analysis.commands.map((command) => decideCommand(command, index));
    const writes = await Promise.all(
      analysis.writeTargets.map((target) => decideWrite(target, query, judged)),
    );
    const reads = await Promise.all(analysis.readTargets.map((target) => decideRead(target, query)));
    const all = [...verdicts, ...writes, ...reads];
    // A part that cannot be read (a nested script that is not valid shell) hides nothing a deny
    // rule found elsewhere in the line.
    if (analysis.unreadable !== undefined)
      return (
        all.find((verdict) => verdict?.decision === 'deny') ??
        (judged
          ? { decision: 'ask', reason: `the command line cannot be judged by rules: ${analysis.unreadable}` }
          : undefined)
      );
    for (const list of ['deny', 'ask'] as const) {
      const found = all.find((verdict) => verdict?.decision === list);
      if (found) return found;
    }
    // Code the analyzer cannot read may be what a deny or ask rule is there to stop.
    const guard = analysis.opaque !== undefined ? guardFor(query.tool) : undefined;
    if (guard)
      return {
        decision: 'ask',
        rule: guard.rule,
        reason: `the line runs code the rules cannot see into (${analysis.opaque}), and ${describeRule(guard.rule)} is in force`,
      };
    // Allowed only when every node of the parse is judged completely.
    if (analysis.unjudged !== undefined) return undefined;
    if (verdicts.length > 0 && verdicts.every((verdict) => verdict?.decision === 'allow')) {
      const first = verdicts[0]!;
      return verdicts.length === 1
        ? first
        : { ...first, reason: `every command of the line is allowed (${verdicts.length} commands)` };
    }
    return undefined;
  };

  return {
    rules: ordered,
    deniedTool: (tool) =>
      forTool(tool).find(({ rule }) => rule.list === 'deny' && rule.specifier === undefined)?.rule,
    decide: (query) =>
      query.command !== undefined
        ? decideCommandLine(query)
        : Promise.resolve(decidePaths(query.tool, query.paths)),
  };
}
