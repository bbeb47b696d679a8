import { findClosestMatch, InvalidOptionsError, valueAtPath } from '@toolgate/core';
import { z } from 'zod';
import { expandVariables } from './expand-variables.js';
import type { McpConfig, McpServerConfig, McpServerTimeouts } from './mcp-config-schema.js';

/** Options for {@link parseMcpConfig}. */
export interface ParseMcpConfigOptions {
  /** Variables for `${VAR}` expansion. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where the value came from, for messages. @default '.mcp.json' */
  readonly source?: string;
}

const KNOWN_KEYS = [
  'type',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'disabled',
  'startupTimeoutMs',
  'toolTimeoutMs',
  'startup_timeout_sec',
  'tool_timeout_sec',
  'oauth',
];
/** Keys other MCP hosts write into `.mcp.json`; accepted and ignored so a shared file still loads. */
const TOLERATED_KEYS = ['timeout', 'description', 'alwaysAllow', 'autoApprove', 'disabledTools', 'trust'];

const stringMap = z.record(z.string(), z.string());
const serverShape = z.object({
  type: z.enum(['stdio', 'http', 'sse', 'streamable-http', 'streamableHttp']).optional(),
  command: z.string().trim().min(1).optional(),
  args: z.array(z.string()).optional(),
  env: stringMap.optional(),
  cwd: z.string().trim().min(1).optional(),
  url: z.string().trim().min(1).optional(),
  headers: stringMap.optional(),
  disabled: z.boolean().optional(),
  startupTimeoutMs: z.int().positive().optional(),
  toolTimeoutMs: z.int().positive().optional(),
  startup_timeout_sec: z.number().positive().optional(),
  tool_timeout_sec: z.number().positive().optional(),
  oauth: z
    .strictObject({
      clientId: z.string().trim().min(1).optional(),
      clientSecret: z.string().min(1).optional(),
      scope: z.string().trim().min(1).optional(),
      clientMetadataUrl: z.url({ protocol: /^https$/ }).optional(),
    })
    .optional(),
});
type RawServer = z.output<typeof serverShape>;

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const text = JSON.stringify(value) ?? String(value);
  return `${kind} ${text.length > 60 ? `${text.slice(0, 60)}...` : text}`;
}

function formatPath(prefix: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
    prefix,
  );
}

function expandAll(
  raw: RawServer,
  prefix: string,
  env: Readonly<Record<string, string | undefined>>,
  problems: string[],
): RawServer {
  const expand = (value: string, path: string): string => {
    const result = expandVariables(value, env);
    if (result.ok) return result.value;
    problems.push(
      `${path}: environment variable ${result.missing} is not set (write \${${result.missing}:-default} to give a default)`,
    );
    return value;
  };
  const expandMap = (map: Readonly<Record<string, string>> | undefined, path: string) =>
    map === undefined
      ? undefined
      : Object.fromEntries(Object.entries(map).map(([key, value]) => [key, expand(value, `${path}.${key}`)]));
  const env2 = expandMap(raw.env, `${prefix}.env`);
  const headers = expandMap(raw.headers, `${prefix}.headers`);
  return {
    ...raw,
    ...(raw.command === undefined ? {} : { command: expand(raw.command, `${prefix}.command`) }),
    ...(raw.args === undefined
      ? {}
      : { args: raw.args.map((arg, index) => expand(arg, `${prefix}.args[${index}]`)) }),
    ...(env2 === undefined ? {} : { env: env2 }),
    ...(raw.cwd === undefined ? {} : { cwd: expand(raw.cwd, `${prefix}.cwd`) }),
    ...(raw.url === undefined ? {} : { url: expand(raw.url, `${prefix}.url`) }),
    ...(raw.oauth?.clientSecret === undefined
      ? {}
      : {
          oauth: {
            ...raw.oauth,
            clientSecret: expand(raw.oauth.clientSecret, `${prefix}.oauth.clientSecret`),
          },
        }),
    ...(headers === undefined ? {} : { headers }),
  };
}

function definedOnly<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as never;
}

// Codex writes seconds (`startup_timeout_sec`); toolgate's own keys are milliseconds. Both at once is an error.
function timeoutsOf(raw: RawServer, prefix: string, problems: string[]): McpServerTimeouts {
  const pick = (ms: number | undefined, sec: number | undefined, msKey: string, secKey: string) => {
    if (ms !== undefined && sec !== undefined) {
      problems.push(`${prefix}: give either "${msKey}" or "${secKey}", not both`);
    }
    return ms ?? (sec === undefined ? undefined : Math.max(1, Math.round(sec * 1000)));
  };
  const startup = pick(
    raw.startupTimeoutMs,
    raw.startup_timeout_sec,
    'startupTimeoutMs',
    'startup_timeout_sec',
  );
  const tool = pick(raw.toolTimeoutMs, raw.tool_timeout_sec, 'toolTimeoutMs', 'tool_timeout_sec');
  return {
    ...(startup === undefined ? {} : { startupTimeoutMs: startup }),
    ...(tool === undefined ? {} : { toolTimeoutMs: tool }),
  };
}

function normalizeServer(raw: RawServer, prefix: string, problems: string[]): McpServerConfig | undefined {
  const declared = raw.type === 'streamable-http' || raw.type === 'streamableHttp' ? 'http' : raw.type;
  const type = declared ?? (raw.command !== undefined ? 'stdio' : raw.url !== undefined ? 'http' : undefined);
  if (type === undefined) {
    problems.push(`${prefix}: needs either "command" (a stdio server) or "url" (an http or sse server)`);
    return undefined;
  }
  const disabled = raw.disabled ?? false;
  const timeouts = timeoutsOf(raw, prefix, problems);
  if (type === 'stdio') {
    if (raw.command === undefined) {
      problems.push(`${prefix}.command: required for a stdio server`);
      return undefined;
    }
    for (const key of ['url', 'headers', 'oauth'] as const) {
      if (raw[key] !== undefined) problems.push(`${prefix}.${key}: not allowed for a stdio server`);
    }
    return {
      type,
      command: raw.command,
      args: raw.args ?? [],
      env: raw.env ?? {},
      ...(raw.cwd === undefined ? {} : { cwd: raw.cwd }),
      disabled,
      ...timeouts,
    };
  }
  if (raw.url === undefined) {
    problems.push(`${prefix}.url: required for an ${type} server`);
    return undefined;
  }
  for (const key of ['command', 'args', 'env', 'cwd'] as const) {
    if (raw[key] !== undefined) problems.push(`${prefix}.${key}: not allowed for an ${type} server`);
  }
  if (!URL.canParse(raw.url) || !/^https?:$/.test(new URL(raw.url).protocol)) {
    problems.push(`${prefix}.url: expected an http:// or https:// URL, got ${JSON.stringify(raw.url)}`);
  }
  return {
    type,
    url: raw.url,
    headers: raw.headers ?? {},
    disabled,
    ...timeouts,
    ...(raw.oauth === undefined ? {} : { oauth: definedOnly(raw.oauth) }),
  };
}

/**
 * Validates a parsed `.mcp.json` value (`{"mcpServers": {name: {command, args, env, cwd} | {url,
 * headers}}}`, optional `type: "stdio" | "http" | "sse"`) and expands `${VAR}` / `${VAR:-default}`
 * in every string. Throws `InvalidOptionsError` listing every problem, each naming the server and key.
 */
export function parseMcpConfig(value: unknown, options: ParseMcpConfigOptions = {}): McpConfig {
  const source = options.source ?? '.mcp.json';
  const env = options.env ?? process.env;
  const problems: string[] = [];
  const fail = (): never => {
    throw new InvalidOptionsError(`Invalid MCP config ${source}: ${problems.join('; ')}.`);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`expected an object with "mcpServers", got ${describeValue(value)}`);
    fail();
  }
  const root = value as Record<string, unknown>;
  const servers = root.mcpServers;
  if (servers === undefined) return { mcpServers: {} };
  if (servers === null || typeof servers !== 'object' || Array.isArray(servers)) {
    problems.push(`mcpServers: expected an object of servers by name, got ${describeValue(servers)}`);
    fail();
  }
  const result: Record<string, McpServerConfig> = {};
  for (const [name, entry] of Object.entries(servers as Record<string, unknown>)) {
    const prefix = `mcpServers.${name}`;
    if (name.trim() === '') {
      problems.push(`mcpServers: a server has an empty name`);
      continue;
    }
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push(`${prefix}: expected an object, got ${describeValue(entry)}`);
      continue;
    }
    for (const key of Object.keys(entry)) {
      if (KNOWN_KEYS.includes(key) || TOLERATED_KEYS.includes(key)) continue;
      const closest = findClosestMatch(key, KNOWN_KEYS);
      problems.push(`${prefix}.${key}: unknown key${closest ? ` (did you mean "${closest}"?)` : ''}`);
    }
    const parsed = serverShape.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const got = describeValue(valueAtPath(entry, issue.path));
        const text = issue.message.replace(/^Invalid input: /, '').replace(/, received [a-z]+$/, '');
        problems.push(
          `${formatPath(prefix, issue.path)}: ${text.charAt(0).toLowerCase()}${text.slice(1)}, got ${got}`,
        );
      }
      continue;
    }
    const normalized = normalizeServer(expandAll(parsed.data, prefix, env, problems), prefix, problems);
    if (normalized) result[name] = normalized;
  }
  if (problems.length > 0) fail();
  return { mcpServers: result };
}
