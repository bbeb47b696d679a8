import { createHash } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import type {
  ApprovalAnswerKind,
  ApprovalDecisionEvent,
  ToolCall,
  ToolEvent,
  ToolResult,
} from '@toolgate/core';
import { ConfigError } from '../config/config-error.js';
import type { AuditRecord } from './audit-record.js';

/** What the log hears: a session's tool events, the agent's `tool-result`, and delegates' events. */
export type AuditedEvent =
  | ToolEvent
  | { readonly type: 'tool-result'; readonly call: ToolCall; readonly result: ToolResult }
  | { readonly type: 'delegate-event'; readonly agent: string; readonly event: AuditedEvent }
  | { readonly type: string };

/** Options for {@link createAuditLog}. */
export interface AuditLogOptions {
  /** The file lines are appended to (created with mode 0600 when missing). */
  readonly file: string;
  /** The session id written on every line. */
  readonly session: string;
  /** Who answers questions in this host (`terminal`, `mcp-elicitation`, `acp-client`). */
  readonly answeredBy: string;
  /** Hears a line that could not be written (the log never stops a call). @default ignored */
  readonly onError?: (message: string) => void;
}

/** An open audit log. */
export interface AuditLog {
  /** Feed every event of the session here (an `onEvent` listener, or each event of a turn). */
  onEvent(event: AuditedEvent): void;
  /** Waits until every line so far is written and synced. */
  flush(): Promise<void>;
  /** Flushes and closes the file. */
  close(): Promise<void>;
}

interface Pending {
  decision?: ApprovalDecisionEvent;
  askedAt?: number;
  answer?: ApprovalAnswerKind;
  remembered?: boolean;
  feedback?: boolean;
  questionMs?: number;
}

/** `sha256:<hex>` of a call's arguments as the model sent them. */
function digestArguments(argumentsValue: unknown): string {
  const text = typeof argumentsValue === 'string' ? argumentsValue : (JSON.stringify(argumentsValue) ?? '');
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

const OPEN_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'its directory does not exist; create it, or choose another file',
  ENOTDIR: 'a part of its path is not a directory',
  EISDIR: 'it is a directory; name a file',
  EACCES: 'permission denied; choose a file you may write',
  EROFS: 'the file system is read-only',
};

/** The audit file opened for appending; one that cannot be is a configuration error, never a crash. */
async function openAuditFile(file: string): Promise<FileHandle> {
  try {
    return await open(file, 'a', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const why = OPEN_FAILURES[code] ?? (error as Error).message;
    throw new ConfigError(
      `Audit file ${JSON.stringify(file)} cannot be opened (${code || 'error'}): ${why}.`,
    );
  }
}

/**
 * Opens an audit log: one JSON line per decided call, appended and synced to disk (`fsync`) line by
 * line, in the order calls end. A line is written when a call ends (`tool-call-end`), or at the
 * agent's `tool-result` for a call that never reached the tools (refused by policy, an unknown
 * tool). Events of delegates' child sessions are logged with their `agent`.
 */
export async function createAuditLog(options: AuditLogOptions): Promise<AuditLog> {
  const handle = await openAuditFile(options.file);
  const pending = new Map<string, Pending>();
  // Calls logged at tool-call-end, so the agent's tool-result that follows adds no second line.
  const ended = new Set<string>();
  let queue: Promise<void> = Promise.resolve();

  const write = (record: AuditRecord): void => {
    const line = `${JSON.stringify(record)}\n`;
    queue = queue.then(async () => {
      try {
        await handle.appendFile(line, 'utf8');
        await handle.sync();
      } catch (error) {
        options.onError?.(
          `toolgate: the audit log ${options.file} could not be written: ${(error as Error).message}`,
        );
      }
    });
  };

  const recordOf = (
    agent: string | undefined,
    call: ToolCall,
    result: ToolResult,
    state: Pending,
  ): AuditRecord => {
    const decision = state.decision;
    const decidedBy = result.status === 'rejected' && result.by === 'policy' ? 'policy' : decision?.by;
    return {
      time: new Date().toISOString(),
      session: options.session,
      ...(agent ? { agent } : {}),
      callId: call.id,
      tool: call.name,
      arguments: digestArguments(call.arguments),
      ...(decision?.mode ? { mode: decision.mode } : {}),
      ...(decidedBy ? { decidedBy } : {}),
      ...(decision?.rule ? { rule: decision.rule } : {}),
      ...(decision?.hook ? { hook: decision.hook } : {}),
      ...(state.answer !== undefined && !state.remembered
        ? { answeredBy: options.answeredBy, answer: state.answer }
        : {}),
      ...(state.feedback ? { feedback: true as const } : {}),
      ...(state.questionMs !== undefined ? { questionMs: state.questionMs } : {}),
      status: result.status,
      ...(result.status === 'rejected' ? { rejectedBy: result.by } : {}),
      ...(result.status === 'failure' ? { errorCode: result.error.code } : {}),
    };
  };

  const handleEvent = (event: AuditedEvent, agent: string | undefined): void => {
    if (event.type === 'delegate-event' && 'event' in event) {
      handleEvent(event.event, agent ? `${agent}/${event.agent}` : event.agent);
      return;
    }
    if (!('call' in event)) return;
    const key = `${agent ?? ''}\u0000${event.call.id}`;
    const state = pending.get(key) ?? {};
    if (event.type !== 'tool-call-end' && event.type !== 'tool-result') pending.set(key, state);
    switch (event.type) {
      case 'approval-decision':
        state.decision = event;
        return;
      case 'approval-request':
        state.askedAt = performance.now();
        return;
      case 'approval-answer':
        state.answer = event.answer;
        state.remembered = event.remembered;
        if (event.feedback !== undefined) state.feedback = true;
        if (state.askedAt !== undefined) state.questionMs = Math.round(performance.now() - state.askedAt);
        return;
      case 'tool-call-end':
        pending.delete(key);
        ended.add(key);
        write(recordOf(agent, event.call, event.result, state));
        return;
      case 'tool-result':
        pending.delete(key);
        if (!ended.delete(key)) write(recordOf(agent, event.call, event.result, state));
        return;
      default:
        return;
    }
  };

  return {
    onEvent: (event) => handleEvent(event, undefined),
    flush: () => queue,
    close: async () => {
      await queue;
      await handle.close();
    },
  };
}
