import { parseArgs } from 'node:util';
import type { ApprovalMode } from '@toolgate/core';
import type { SandboxMode } from '@toolgate/sandbox-bwrap';
import { parseApprovalModeValue } from './parse-approval-mode-value.js';
import { type HttpAddress, parseHttpAddress } from './parse-http-address.js';
import { parseSandboxModeValue } from './parse-sandbox-mode-value.js';
import { parseSandboxProviderValue } from './parse-sandbox-provider-value.js';
import { UsageError } from './usage-error.js';

/** Options every command takes. */
export interface CommonOptions {
  /** `--cwd`: the workspace root as given (resolved later). */
  readonly cwd?: string;
  /** `--approval`. */
  readonly approval?: ApprovalMode;
  /** `--config`. */
  readonly config?: string;
  /** `--mcp-config`. */
  readonly mcpConfig?: string;
  /** `--no-mcp`. */
  readonly noMcp: boolean;
  /** `--sandbox`. */
  readonly sandbox?: SandboxMode;
  /** `--sandbox-provider`: bubblewrap or a container. */
  readonly sandboxProvider?: 'bwrap' | 'container';
  /** `--audit FILE`: the audit log, as given (resolved later). */
  readonly audit?: string;
}

/** Which stored session an agent command continues: `--continue`, `--resume ID`, `--fork ID`. */
export type ConversationChoice =
  | { readonly kind: 'continue' }
  | { readonly kind: 'resume'; readonly id: string }
  | { readonly kind: 'fork'; readonly id: string };

/** What `toolgate rewind` restores: `--conversation` (the default), `--code`, `--both`. */
export type RewindScope = 'conversation' | 'code' | 'both';

/** A parsed command line. */
export type CliCommand =
  | { readonly command: 'help' }
  | { readonly command: 'version' }
  | {
      readonly command: 'tools';
      /** `toolgate tools <name>`: that tool's help instead of the list. */
      readonly tool: string | undefined;
      readonly json: boolean;
      readonly options: CommonOptions;
    }
  | {
      readonly command: 'call';
      readonly tool: string;
      /** The ARGS text; `undefined` (absent) and `-` read stdin. */
      readonly args: string | undefined;
      readonly json: boolean;
      /** `--explain`: say how approval would decide the call, and do not run it. */
      readonly explain: boolean;
      readonly options: CommonOptions;
    }
  | {
      readonly command: 'mcp';
      /** `--http [HOST:]PORT`: serve over Streamable HTTP instead of stdio. */
      readonly http?: HttpAddress;
      readonly options: CommonOptions;
    }
  | {
      /** `toolgate mcp login|logout|status|trust <server>`: OAuth and tool pins for one server of the MCP config. */
      readonly command: 'mcp-auth';
      readonly action: 'login' | 'logout' | 'status' | 'trust';
      readonly server: string;
      readonly options: CommonOptions;
    }
  | {
      /** Bare `toolgate`: the interactive agent on a terminal (the usage without one). */
      readonly command: 'interactive';
      readonly model: string | undefined;
      readonly baseURL: string | undefined;
      readonly maxSteps: number | undefined;
      /** `--verbose`: each changed file's diff under its tool line. */
      readonly verbose: boolean;
      readonly conversation?: ConversationChoice;
      readonly options: CommonOptions;
    }
  | {
      /** `toolgate sessions list|show ID|rm ID`. */
      readonly command: 'sessions';
      readonly action: 'list' | 'show' | 'rm';
      readonly id: string | undefined;
      readonly json: boolean;
      readonly options: CommonOptions;
    }
  | {
      /** `toolgate rewind [--session ID] [--to TURN] [--conversation|--code|--both] [--force]`. */
      readonly command: 'rewind';
      /** `--session`: @default the last session of the workspace */
      readonly session: string | undefined;
      /** `--to`: the turn to go back to before. @default the session's last turn */
      readonly to: number | undefined;
      readonly scope: RewindScope;
      /** `--force`: restore files changed outside toolgate since the checkpoint too. */
      readonly force: boolean;
      readonly options: CommonOptions;
    }
  | {
      readonly command: 'trust';
      /** `--list`: print the trusted workspaces. */
      readonly list: boolean;
      /** `--revoke`: forget the workspace. */
      readonly revoke: boolean;
      readonly options: CommonOptions;
    }
  | { readonly command: 'doctor'; readonly options: CommonOptions }
  | {
      /** `toolgate commands`: the prompt commands of files, with their source file. */
      readonly command: 'commands';
      readonly json: boolean;
      readonly options: CommonOptions;
    }
  | {
      readonly command: 'init';
      /** `--print`: print the starter config, write nothing. */
      readonly print: boolean;
    }
  | {
      /** `toolgate permissions`: the rules in force for the workspace, with file and scope. */
      readonly command: 'permissions';
      /** `--revoke N`: remove rule N (as listed) from the user's config file. */
      readonly revoke: number | undefined;
      readonly json: boolean;
      readonly options: CommonOptions;
    }
  | {
      readonly command: 'run';
      /** The prompt, or `-` to read it from stdin. */
      readonly prompt: string;
      /** `--model provider:model`. */
      readonly model: string | undefined;
      /** `--base-url`. */
      readonly baseURL: string | undefined;
      /** `--max-steps`. */
      readonly maxSteps: number | undefined;
      /** `--verbose`: each changed file's diff under its tool line. */
      readonly verbose: boolean;
      readonly conversation?: ConversationChoice;
      readonly json: boolean;
      readonly options: CommonOptions;
    };

/** What one command of the command line carries, without its name: the options its runner takes. */
export type CommandOptions<Name extends CliCommand['command']> = Omit<
  Extract<CliCommand, { readonly command: Name }>,
  'command'
>;

const OPTIONS = {
  cwd: { type: 'string' },
  approval: { type: 'string' },
  config: { type: 'string' },
  'mcp-config': { type: 'string' },
  'no-mcp': { type: 'boolean' },
  sandbox: { type: 'string' },
  'sandbox-provider': { type: 'string' },
  audit: { type: 'string' },
  http: { type: 'string' },
  json: { type: 'boolean' },
  explain: { type: 'boolean' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'max-steps': { type: 'string' },
  verbose: { type: 'boolean' },
  list: { type: 'boolean' },
  revoke: { type: 'boolean' },
  print: { type: 'boolean' },
  continue: { type: 'boolean', short: 'c' },
  resume: { type: 'string' },
  fork: { type: 'string' },
  session: { type: 'string' },
  to: { type: 'string' },
  conversation: { type: 'boolean' },
  code: { type: 'boolean' },
  both: { type: 'boolean' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

/** The commands `toolgate` takes (its first word). */
export const CLI_COMMANDS: readonly string[] = [
  'tools',
  'call',
  'run',
  'commands',
  'mcp',
  'trust',
  'permissions',
  'doctor',
  'init',
  'sessions',
  'rewind',
  'help',
];

/** Options of the agent commands only (`run` and the interactive toolgate). */
const CONVERSATION_ONLY = ['continue', 'resume', 'fork'] as const;

/** Options only `toolgate rewind` takes. */
const REWIND_ONLY = ['session', 'to', 'conversation', 'code', 'both', 'force'] as const;

const SESSION_ACTIONS = ['list', 'show', 'rm'] as const;

/** Options only `toolgate run` takes. */
const RUN_ONLY = ['model', 'base-url', 'max-steps', 'verbose'] as const;

/** Options only `toolgate trust` takes. */
const TRUST_ONLY = ['list', 'revoke'] as const;

/** Options `toolgate trust` does not take (it reads no config and starts nothing). */
const NOT_FOR_TRUST = ['approval', 'config', 'mcp-config', 'no-mcp', 'json', 'audit'] as const;

function parseMaxSteps(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const steps = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(steps) || steps < 1)
    throw new UsageError(`--max-steps expects a positive integer; got ${JSON.stringify(value)}.`);
  return steps;
}

function parseTurn(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const turn = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(turn) || turn < 1)
    throw new UsageError(
      `--to expects a turn number (1, 2, …: see toolgate sessions show); got ${JSON.stringify(value)}.`,
    );
  return turn;
}

function nonEmpty(name: string, value: string | undefined): string | undefined {
  if (value !== undefined && value.trim() === '')
    throw new UsageError(`--${name} expects a value; got an empty string.`);
  return value;
}

/** Strict parse of the command line: unknown options, missing values and extra arguments throw {@link UsageError}. */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(
      error instanceof Error ? error.message.replace(/\. To specify.*$/s, '.') : String(error),
    );
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const [command, ...rest] = positionals;
  if (command !== undefined && !CLI_COMMANDS.includes(command)) {
    throw new UsageError(
      `Unknown command ${JSON.stringify(command)}: expected tools, call, run, commands, mcp, trust, permissions, doctor, init, sessions or rewind.`,
    );
  }
  if (command === 'help') return { command: 'help' };
  if (command !== 'run' && command !== undefined) {
    const runOnly = RUN_ONLY.find((name) => values[name] !== undefined);
    if (runOnly) throw new UsageError(`--${runOnly} is an option of "toolgate run" only.`);
  }
  if (command !== 'init' && values.print)
    throw new UsageError('--print is an option of "toolgate init" only.');
  if (command === 'init') {
    const given = Object.keys(values).find((name) => name !== 'print');
    if (given !== undefined) throw new UsageError(`--${given} is not an option of "toolgate init".`);
  }
  if (command !== 'mcp' && values.http !== undefined)
    throw new UsageError('--http is an option of "toolgate mcp" only.');
  if (command !== 'run' && command !== undefined) {
    const only = CONVERSATION_ONLY.find((name) => values[name] !== undefined);
    if (only)
      throw new UsageError(`--${only} is an option of "toolgate run" and the interactive toolgate only.`);
  }
  if (command !== 'rewind') {
    const only = REWIND_ONLY.find((name) => values[name] !== undefined);
    if (only) throw new UsageError(`--${only} is an option of "toolgate rewind" only.`);
  }
  const chosen = CONVERSATION_ONLY.filter((name) => values[name] !== undefined);
  if (chosen.length > 1) throw new UsageError(`--${chosen.join(' and --')} exclude each other.`);
  const resume = nonEmpty('resume', values.resume);
  const fork = nonEmpty('fork', values.fork);
  const conversation: ConversationChoice | undefined = values.continue
    ? { kind: 'continue' }
    : resume !== undefined
      ? { kind: 'resume', id: resume }
      : fork !== undefined
        ? { kind: 'fork', id: fork }
        : undefined;
  const withConversation = conversation ? { conversation } : {};
  if (command !== 'call' && values.explain)
    throw new UsageError('--explain is an option of "toolgate call" only.');
  if (command === 'permissions') {
    if (values.list) throw new UsageError('--list is an option of "toolgate trust" only.');
  } else if (command !== 'trust') {
    const trustOnly = TRUST_ONLY.find((name) => values[name] !== undefined);
    if (trustOnly) throw new UsageError(`--${trustOnly} is an option of "toolgate trust" only.`);
  } else {
    const other = NOT_FOR_TRUST.find((name) => values[name] !== undefined);
    if (other) throw new UsageError(`--${other} is not an option of "toolgate trust".`);
    if (values.list && values.revoke) throw new UsageError('--list and --revoke exclude each other.');
  }
  const cwd = nonEmpty('cwd', values.cwd);
  const config = nonEmpty('config', values.config);
  const mcpConfig = nonEmpty('mcp-config', values['mcp-config']);
  const audit = nonEmpty('audit', values.audit);
  if (mcpConfig !== undefined && values['no-mcp'])
    throw new UsageError('--mcp-config and --no-mcp exclude each other.');
  const options: CommonOptions = {
    ...(cwd === undefined ? {} : { cwd }),
    ...(values.approval === undefined
      ? {}
      : { approval: parseApprovalModeValue(values.approval, '--approval') }),
    ...(config === undefined ? {} : { config }),
    ...(mcpConfig === undefined ? {} : { mcpConfig }),
    noMcp: values['no-mcp'] ?? false,
    ...(values.sandbox === undefined ? {} : { sandbox: parseSandboxModeValue(values.sandbox, '--sandbox') }),
    ...(values['sandbox-provider'] === undefined
      ? {}
      : { sandboxProvider: parseSandboxProviderValue(values['sandbox-provider']) }),
    ...(audit === undefined ? {} : { audit }),
  };
  const json = values.json ?? false;
  const extra = (allowed: number) => {
    if (rest.length > allowed) {
      throw new UsageError(`Unexpected argument ${JSON.stringify(rest[allowed])} for "toolgate ${command}".`);
    }
  };
  const agentOptions = () => ({
    model: nonEmpty('model', values.model),
    baseURL: nonEmpty('base-url', values['base-url']),
    maxSteps: parseMaxSteps(values['max-steps']),
    verbose: values.verbose ?? false,
  });
  switch (command) {
    case undefined:
      if (json) throw new UsageError('--json is an option of a command; the interactive toolgate has none.');
      return { command: 'interactive', ...agentOptions(), ...withConversation, options };
    case 'tools': {
      const [tool] = rest;
      if (tool !== undefined && tool.trim() === '')
        throw new UsageError('Empty tool name: toolgate tools [<tool>].');
      extra(1);
      return { command, tool, json, options };
    }
    case 'trust':
      extra(0);
      return { command, list: values.list ?? false, revoke: values.revoke ?? false, options };
    case 'permissions': {
      const [number] = rest;
      if (values.revoke !== true) {
        extra(0);
        return { command, revoke: undefined, json, options };
      }
      extra(1);
      if (number === undefined || !/^\s*\d+\s*$/.test(number) || Number(number) < 1)
        throw new UsageError(
          `--revoke expects the number of a rule as toolgate permissions lists it; got ${number === undefined ? 'none' : JSON.stringify(number)}.`,
        );
      return { command, revoke: Number(number), json, options };
    }
    case 'commands':
      extra(0);
      return { command, json, options };
    case 'doctor':
      extra(0);
      if (json) throw new UsageError('--json is not an option of "toolgate doctor".');
      return { command, options };
    case 'init':
      extra(0);
      return { command, print: values.print ?? false };
    case 'mcp': {
      const [action, server] = rest;
      if (action !== undefined) {
        if (action !== 'login' && action !== 'logout' && action !== 'status' && action !== 'trust') {
          throw new UsageError(
            `Unknown "toolgate mcp" subcommand ${JSON.stringify(action)}: expected login, logout, status or trust.`,
          );
        }
        if (server === undefined || server.trim() === '')
          throw new UsageError(`Missing server name: toolgate mcp ${action} <server>.`);
        extra(2);
        if (values.http !== undefined)
          throw new UsageError(`--http is not an option of "toolgate mcp ${action}".`);
        if (json) throw new UsageError(`--json is not an option of "toolgate mcp ${action}".`);
        return { command: 'mcp-auth', action, server, options };
      }
      if (json)
        throw new UsageError('--json is not an option of "toolgate mcp" (it always speaks JSON-RPC).');
      return {
        command,
        ...(values.http === undefined ? {} : { http: parseHttpAddress(values.http) }),
        options,
      };
    }
    case 'run': {
      const [prompt] = rest;
      if (prompt === undefined)
        throw new UsageError('Missing prompt: toolgate run "<prompt>" (or - to read stdin).');
      extra(1);
      return { command, prompt, ...agentOptions(), ...withConversation, json, options };
    }
    case 'sessions': {
      const [action = 'list', id] = rest;
      if (!(SESSION_ACTIONS as readonly string[]).includes(action))
        throw new UsageError(
          `Unknown sessions action ${JSON.stringify(action)}: expected list, show ID or rm ID.`,
        );
      if (action === 'list') extra(1);
      else {
        if (id === undefined || id.trim() === '')
          throw new UsageError(
            `Missing session id: toolgate sessions ${action} ID (see toolgate sessions list).`,
          );
        extra(2);
      }
      return { command, action: action as (typeof SESSION_ACTIONS)[number], id, json, options };
    }
    case 'rewind': {
      extra(0);
      if (json) throw new UsageError('--json is not an option of "toolgate rewind".');
      const scopes = (['conversation', 'code', 'both'] as const).filter((name) => values[name]);
      if (scopes.length > 1) throw new UsageError(`--${scopes.join(' and --')} exclude each other.`);
      return {
        command,
        session: nonEmpty('session', values.session),
        to: parseTurn(values.to),
        scope: scopes[0] ?? 'conversation',
        force: values.force ?? false,
        options,
      };
    }
    default: {
      const [tool, args] = rest;
      if (tool === undefined || tool.trim() === '')
        throw new UsageError('Missing tool name: toolgate call <tool> [ARGS].');
      extra(2);
      return { command: 'call', tool, args, json, explain: values.explain ?? false, options };
    }
  }
}
