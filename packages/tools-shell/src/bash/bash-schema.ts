import { lenientInteger } from '@toolgate/core/workspace-io';
import { z } from 'zod';

/** The bash actions, as AI4J names them. */
export const BASH_ACTIONS = ['exec', 'start', 'status', 'logs', 'write', 'stop', 'list'] as const;

/** One bash action. */
export type BashAction = (typeof BASH_ACTIONS)[number];

/** Largest `input` one `write` accepts, in characters. */
export const MAX_BASH_INPUT_CHARS = 1_048_576;

/** Largest `timeoutMs` (the largest delay a Node timer can hold). */
export const MAX_BASH_TIMEOUT_MS = 2_147_483_647;

/** Builds {@link BASH_INPUT_SCHEMA}; the tool's spec builds its own on its first call, so listing tools builds no zod schema. */
export function buildBashInputSchema() {
  return z.object({
    action: z
      .enum(BASH_ACTIONS)
      .default('exec')
      .describe('exec (default), start, status, logs, write, stop or list.'),
    command: z.string().optional().describe('Shell command, for exec and start.'),
    cwd: z
      .string()
      .optional()
      .describe('Working directory for exec and start, relative to the workspace root. Default: the root.'),
    timeoutMs: lenientInteger(z.int().max(MAX_BASH_TIMEOUT_MS))
      .optional()
      .describe('exec timeout in milliseconds; 0 or less means the default (30000).'),
    processId: z.string().optional().describe('Process id from start, for status, logs, write and stop.'),
    offset: z
      .number()
      .int()
      .optional()
      .describe('logs: absolute character offset to read from (use nextOffset).'),
    limit: lenientInteger(z.int()).optional().describe('logs: maximum characters to return (default 12000).'),
    input: z
      .string()
      .max(MAX_BASH_INPUT_CHARS)
      .optional()
      .describe('write: text sent to the process stdin as is (no newline is added).'),
  });
}

/** Arguments of the bash tool (AI4J's names). Which fields an action needs is checked in preflight. */
export const BASH_INPUT_SCHEMA = /* @__PURE__ */ buildBashInputSchema();

/** Validated bash arguments. */
export type BashInput = z.output<typeof BASH_INPUT_SCHEMA>;

/** Where an exec ran. */
export type ExecutionEnvironment = 'local' | 'sandbox';

/** Result of `exec` (keys in AI4J's alphabetical order). */
export interface BashExecResult {
  /** The command as given. */
  readonly command: string;
  /** Wall time from spawn to the end of output. */
  readonly durationMs: number;
  /** `local`, or `sandbox` when a sandbox session ran it. */
  readonly executionEnvironment: ExecutionEnvironment;
  /** Exit status; null when a signal ended the command or it timed out. */
  readonly exitCode: number | null;
  /** Id of the sandbox provider, when sandboxed. */
  readonly sandboxProviderId?: string;
  /** Id of the sandbox session, when sandboxed. */
  readonly sandboxSessionId?: string;
  /** The signal that ended the shell (`SIGTERM`, `SIGKILL`, …), else null. */
  readonly signal: string | null;
  /** Standard error, capped (head and tail kept); on timeout followed by a hint to use start. */
  readonly stderr: string;
  /** Standard output, capped (head and tail kept). */
  readonly stdout: string;
  /** True when the timeout stopped the command. */
  readonly timedOut: boolean;
  /** True when either stream exceeded its cap and its middle was dropped. */
  readonly truncated: boolean;
  /** Absolute working directory (for a sandbox, the one the sandbox reported or was given). */
  readonly workingDirectory: string;
}

/** State of a background process. */
export type BashProcessStatus = 'RUNNING' | 'EXITED' | 'STOPPED';

/** AI4J's `BashProcessInfo` (alphabetical), plus `signal` when one ended the process. */
export interface BashProcessInfo {
  readonly command: string;
  /** True while `write` and `stop` can act on the process (live, not restored). */
  readonly controlAvailable: boolean;
  /** Epoch milliseconds of the end, once ended. */
  readonly endedAt?: number;
  /** Exit status, once it exited with one. */
  readonly exitCode?: number;
  /** The file holding the whole combined log, once it outgrew the kept window (read it with read_file). */
  readonly logFile?: string;
  /** Pid of the shell (also the process group id). */
  readonly pid?: number;
  /** `proc_<32 hex>`. */
  readonly processId: string;
  /** True for metadata restored from a snapshot. */
  readonly restored: boolean;
  /** The signal that ended the process, if one did. */
  readonly signal?: string;
  /** Epoch milliseconds of the start. */
  readonly startedAt: number;
  readonly status: BashProcessStatus;
  /** Absolute working directory. */
  readonly workingDirectory: string;
}

/** Result of `logs` (AI4J's `BashProcessLogChunk`, alphabetical). */
export interface BashProcessLogChunk {
  readonly content: string;
  readonly exitCode?: number;
  /** The file holding the whole combined log, once it outgrew the kept window (read it with read_file). */
  readonly logFile?: string;
  /** Offset to pass next time. */
  readonly nextOffset: number;
  /** Offset the content starts at. */
  readonly offset: number;
  readonly processId: string;
  readonly status: BashProcessStatus;
  /** True when the requested offset had already been dropped from the bounded log. */
  readonly truncated: boolean;
}

/** Result of `write`. */
export interface BashWriteResult {
  readonly process: BashProcessInfo;
  /** UTF-8 bytes of `input` handed to the process. */
  readonly bytesWritten: number;
  /** Bytes still queued because the process has not read them yet (left out when 0). */
  readonly pendingBytes?: number;
}

/** What the bash tool returns, by action. */
export type BashOutput =
  | BashExecResult
  | BashProcessInfo
  | BashProcessLogChunk
  | BashWriteResult
  | readonly BashProcessInfo[];
