import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import {
  type ActiveSession,
  type ClientCapabilities,
  type ClientContext,
  type CreateElicitationRequest,
  type CreateElicitationResponse,
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  RequestError,
  type SessionUpdate,
  type StopReason,
} from '@agentclientprotocol/sdk';

/** The built toolgate-acp. */
export const ACP_BIN = resolve(import.meta.dirname, '../../dist/bin.js');

/** Why the end-to-end tests skip (the bin is not built), or undefined. */
export const SKIP_REASON = existsSync(ACP_BIN)
  ? undefined
  : `skipped: ${ACP_BIN} is missing; run \`pnpm build\` first (CI builds before testing)`;

/** An editor that offers neither its files nor its terminals. */
export const NO_FS = { fs: { readTextFile: false, writeTextFile: false }, terminal: false };

/** What the editor was asked, in order: every `fs/*`, `terminal/*` and `elicitation/*` request it received. */
export interface EditorLog {
  readonly requests: { readonly method: string; readonly params: Record<string, unknown> }[];
}

/** A terminal the editor runs: a real child process, its output kept within the limit. */
interface EditorTerminal {
  readonly child: ChildProcess;
  output: string;
  readonly limit: number;
  readonly exited: Promise<{ exitCode: number | null; signal: string | null }>;
}

/** An editor's state: its open buffers (path → text, unsaved edits included) and what it refuses. */
export interface EditorState {
  readonly buffers: Map<string, string>;
  readonly terminals: Map<string, EditorTerminal>;
  /** Paths whose `fs/write_text_file` the editor answers with an error. */
  readonly failWrites: Set<string>;
  /** How the person answers an `elicitation/create` form. @default cancels it */
  answerForm?: (params: CreateElicitationRequest) => CreateElicitationResponse;
  readonly log: EditorLog;
}

/** One turn's updates and its stop. */
export interface Turn {
  readonly stopReason: StopReason;
  readonly updates: SessionUpdate[];
}

/**
 * Starts the built toolgate-acp with only these TOOLGATE_ variables and drives it with the ACP
 * SDK's own client acting as an editor that offers `capabilities`: `fs/read_text_file` answers
 * from its buffers (an error for a file it does not hold), `fs/write_text_file` writes into its
 * buffers only (never the disk), and permission questions are allowed once.
 */
export async function withEditor<T>(
  options: {
    readonly env: Record<string, string>;
    readonly capabilities: ClientCapabilities;
    readonly state: EditorState;
  },
  run: (agent: ClientContext) => Promise<T>,
): Promise<{ value: T; code: number | null; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('TOOLGATE_')),
  );
  const child = spawn(process.execPath, [ACP_BIN], {
    env: { ...clean, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin),
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  const { state } = options;
  const value = await client({ name: 'toolgate-acp-editor-test' })
    .onRequest(methods.client.session.requestPermission, () => ({
      outcome: { outcome: 'selected', optionId: 'allow_once' },
    }))
    .onRequest(methods.client.fs.readTextFile, ({ params }) => {
      state.log.requests.push({ method: 'fs/read_text_file', params: { ...params } });
      const text = state.buffers.get(params.path);
      if (text === undefined) throw RequestError.resourceNotFound(params.path);
      return { content: text };
    })
    .onRequest(methods.client.fs.writeTextFile, ({ params }) => {
      state.log.requests.push({ method: 'fs/write_text_file', params: { ...params } });
      if (state.failWrites.has(params.path))
        throw RequestError.internalError(undefined, `the editor refuses ${params.path}`);
      state.buffers.set(params.path, params.content);
      return {};
    })
    .onRequest(methods.client.terminal.create, ({ params }) => {
      state.log.requests.push({ method: 'terminal/create', params: { ...params } });
      const env = Object.fromEntries((params.env ?? []).map(({ name, value }) => [name, value]));
      // As an editor does: the program it is given, in its own process group, output combined.
      const child = spawn(params.command, params.args ?? [], {
        cwd: params.cwd ?? undefined,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      const terminal: EditorTerminal = {
        child,
        output: '',
        limit: params.outputByteLimit ?? 1_000_000,
        exited: new Promise((done) =>
          child.on('close', (exitCode, signal) => done({ exitCode, signal: signal ?? null })),
        ),
      };
      const keep = (chunk: Buffer) => {
        terminal.output = (terminal.output + chunk.toString('utf8')).slice(-terminal.limit);
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      const terminalId = `term-${state.terminals.size + 1}`;
      state.terminals.set(terminalId, terminal);
      return { terminalId };
    })
    .onRequest(methods.client.terminal.waitForExit, async ({ params }) => {
      state.log.requests.push({ method: 'terminal/wait_for_exit', params: { ...params } });
      return state.terminals.get(params.terminalId)!.exited;
    })
    .onRequest(methods.client.terminal.output, ({ params }) => {
      state.log.requests.push({ method: 'terminal/output', params: { ...params } });
      const terminal = state.terminals.get(params.terminalId)!;
      return { output: terminal.output, truncated: false };
    })
    .onRequest(methods.client.terminal.kill, ({ params }) => {
      state.log.requests.push({ method: 'terminal/kill', params: { ...params } });
      state.terminals.get(params.terminalId)!.child.kill('SIGKILL');
      return {};
    })
    .onRequest(methods.client.terminal.release, ({ params }) => {
      state.log.requests.push({ method: 'terminal/release', params: { ...params } });
      state.terminals.get(params.terminalId)?.child.kill('SIGKILL');
      state.terminals.delete(params.terminalId);
      return {};
    })
    .onRequest(methods.client.elicitation.create, ({ params }) => {
      state.log.requests.push({ method: 'elicitation/create', params: { ...params } });
      return state.answerForm ? state.answerForm(params) : { action: 'cancel' };
    })
    .connectWith(stream, async (agent) => {
      await agent.request(methods.agent.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: options.capabilities,
      });
      return run(agent);
    });
  child.stdin.end();
  return { value, code: await exited, stderr };
}

/** A fresh editor state with these buffers. */
export function editorState(buffers: Record<string, string> = {}): EditorState {
  return {
    buffers: new Map(Object.entries(buffers)),
    terminals: new Map(),
    failWrites: new Set(),
    log: { requests: [] },
  };
}

/** Sends one prompt and collects its updates until the stop. */
export async function promptTurn(session: ActiveSession, text: string): Promise<Turn> {
  const updates: SessionUpdate[] = [];
  void session.prompt(text).catch(() => {});
  for (;;) {
    const message = await session.nextUpdate();
    if (message.kind === 'stop') return { stopReason: message.stopReason, updates };
    updates.push(message.update);
  }
}

/** What the agent said in a turn: its text chunks, joined. */
export function said(turn: Turn): string {
  return turn.updates
    .map((update) =>
      update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text'
        ? update.content.text
        : '',
    )
    .join('');
}
