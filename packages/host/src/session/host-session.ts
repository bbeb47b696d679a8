import type { AgentMessage, AgentTurn, CompactionResult, PromptOptions, SessionUsage } from '@toolgate/agent';
import type { Checkpoints, RestoreResult } from '@toolgate/checkpoints';
import type {
  ApprovalMode,
  ApprovalSubject,
  Approver,
  ClientFiles,
  ClientTerminals,
  ToolDecorator,
  ToolProvider,
  ToolSurface,
} from '@toolgate/core';
import type { McpElicitor, McpServersConfig } from '@toolgate/mcp';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import type { SessionPermissions } from '../permissions/create-lasting-always.js';
import type { StoredConversation } from '../session-store/replay-session-log.js';
import type { RewindScope } from '../session-store/session-record.js';

/**
 * What a host opens a session for; the front door loads and starts only what it needs:
 * - `call`: one call of `tool`. Only the package defining a built-in tool loads; the MCP servers
 *   start only when no built-in or module tool has that name; the sandbox opens only when the tool
 *   declares it runs commands (a tool module's tool may, so it gets one too).
 * - `explain`: how approval would decide one call of `tool` (`surface` validates, plans and
 *   explains; nothing runs, so no sandbox, hooks or audit).
 * - `list`: the tools and the delegates' tools, for a listing (nothing runs, no sandbox).
 * - `serve`: a long-lived surface (`toolgate mcp`): every tool, the sandbox, MCP servers joining as
 *   they connect.
 * - `agent`: an agent session (`prompt`): the model (`model`/`baseURL` as the person named them,
 *   else the environment's and the config's), the delegates, AGENTS.md.
 */
export type HostPurpose =
  | { readonly kind: 'call'; readonly tool: string }
  | { readonly kind: 'explain'; readonly tool: string }
  | { readonly kind: 'list' }
  | { readonly kind: 'serve' }
  | {
      readonly kind: 'agent';
      /** `provider:model`, as the person named it. @default `TOOLGATE_MODEL`, then the config's */
      readonly model?: string | undefined;
      /** Base URL of an OpenAI-compatible server. @default `TOOLGATE_BASE_URL`, then the config's */
      readonly baseURL?: string | undefined;
      /** Model requests per turn. @default the agent's */
      readonly maxSteps?: number | undefined;
      /** How model errors name the host's flags; `null` for a host that takes none. @default the CLI's `--model`, `--base-url` */
      readonly modelFlags?: { readonly model: string; readonly baseURL: string } | null;
    };

/** Where an `agent` session is recorded, and which stored conversation it continues. */
export interface SessionStoreOptions {
  /** toolgate's state directory (`toolgateStateDirectory(env)`): sessions go in its `sessions/<id>/`. */
  readonly stateDirectory: string;
  /**
   * A stored session to continue (`resume`, same id) or to copy into a new one (`fork`). One that
   * ran in another workspace or under other settings (`resumeMismatch`) is refused with
   * `SessionStoreError` (`session_mismatch`) unless `accepted` says the person agreed; then it
   * starts without its remembered approvals. @default a new session
   */
  readonly conversation?: {
    readonly kind: 'resume' | 'fork';
    /** The id, or a unique prefix of it. */
    readonly id: string;
    readonly accepted?: boolean;
  };
}

/** Options of {@link openHostSession}: what a host adds to the settings. */
export interface HostSessionOptions<Purpose extends HostPurpose = HostPurpose> {
  readonly purpose: Purpose;
  /**
   * Asks a person. Without one, every call that needs approval is rejected (fail closed); a
   * `serve` host passes one per client with `withApprover`. @default none
   */
  readonly approver?: Approver;
  /** Who answers questions in this host, for the audit log (`terminal`, `acp-client`). */
  readonly answeredBy: string;
  /** The environment: model keys, `TOOLGATE_MODEL`, `TOOLGATE_BASE_URL` (agents and delegates). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Receives one-line notices (bash running unsandboxed, a hook or the audit log failing). */
  readonly notice: (line: string) => void;
  /** The approval mode, read at every call (a host may switch it). @default the settings' mode */
  readonly mode?: () => ApprovalMode;
  /**
   * For an agent: switches out of plan mode once the person approved the model's plan and returns
   * the new mode (`createApprovalModeState().leavePlan`); with it the model gets `exit_plan_mode`.
   * @default no such tool
   */
  readonly leavePlanMode?: () => ApprovalMode;
  /**
   * Names the session in hook input and audit records, and a new recorded session in the store (a
   * resumed one keeps its stored id). @default a random UUID, when hooks, an audit log or the store need one
   */
  readonly sessionId?: string;
  /** The host's decorators between approval and the tool (a progress line). @default [] */
  readonly after?: readonly ToolDecorator[];
  /** MCP servers the host was given directly (an ACP client's), next to the settings' file. @default none */
  readonly mcpServers?: McpServersConfig;
  /** Receives what stdio MCP servers write to stderr. @default discarded */
  readonly mcpStderr?: (server: string, chunk: string) => void;
  /** Called when an MCP server's tools change (`serve`: servers join as they connect). @default nothing */
  readonly onMcpToolsChanged?: () => void;
  /**
   * `agent`: record the session as it goes (each turn flushed to disk when it ends), or continue a
   * stored one; the session's id is the stored id (`sessionId` names a new one). A recorded
   * session checkpoints its turns in `<sessionDir>/checkpoints` (unless `checkpoints` names another
   * directory). @default not recorded
   */
  readonly store?: SessionStoreOptions;
  /**
   * An agent's checkpoints (`agent` only): before each turn's first tool call the workspace's
   * state is checkpointed in `directory` (`<sessionDir>/checkpoints`, see `sessionDirectory`), and
   * what the turn changed (its tools, bash, processes started earlier) is recorded as it ends.
   * @default none, or the recorded session's
   */
  readonly checkpoints?: { readonly directory: string };
  /**
   * The host sends its first prompt as soon as the session opens (`toolgate run`; `agent` only):
   * the checkpoints' first look at the workspace (a new store copies every tracked file) then
   * waits for the first turn's checkpoint, taken once its first request was answered, instead of
   * starting at open (while a person would type) and holding up that request. @default false
   */
  readonly promptsAtOnce?: boolean;
  /**
   * A client's files (an editor's buffers, ACP's `fs/*`): the tools that declare `clientFiles`
   * read (and write) through them, every path checked by the workspace first. @default the disk
   */
  readonly clientFiles?: ClientFiles;
  /**
   * A client's terminals (an editor's, ACP's `terminal/*`): bash's `exec` runs its sandboxed
   * command in one, so the editor shows it live; without a sandbox it runs here. @default none
   */
  readonly clientTerminals?: ClientTerminals;
  /** Shows a running call's output so far, at most every 250 ms (bash's long commands run here). @default none */
  readonly onToolOutput?: (callId: string, text: string) => void;
  /**
   * Shows an MCP server's `elicitation/create` form to the person (the host's approver UI) during
   * a call. Without it servers are told nobody can answer (no elicitation capability). @default none
   */
  readonly mcpElicit?: McpElicitor;
}

/** What closing a session reports. */
export interface HostSessionClosed {
  /** Processes the session's tools had started and were still running (a one-shot call says so). */
  readonly stoppedProcesses: number;
}

/** What every session offers. */
interface HostSessionBase {
  /** The settings the session was opened with. */
  readonly settings: SessionSettings;
  /** The session's tools by name (a host looks up a tool's declarations to present a call). */
  readonly tools: ToolProvider;
  /** One line per MCP server for people (`mcp server "docs": connected, 3 tools`); empty without servers. */
  mcpStatus(): readonly string[];
  /** Resolves once every MCP server is connected, failed or disabled. */
  readonly mcpReady: Promise<void>;
  /**
   * Releases everything the session opened (the agent session, processes, MCP servers, sandbox,
   * hooks, the audit log), in reverse order, once; later calls share the first's promise.
   */
  close(): Promise<HostSessionClosed>;
}

/** A session for `call`, `explain`, `list` or `serve`: one gated surface. */
export interface ToolHostSession extends HostSessionBase {
  /** The gated surface: events (audited) → validation → preflight → hooks → approval → `after` → the tool. */
  readonly surface: ToolSurface;
  /** The same tools, hooks and audit behind another approver (an MCP client's elicitation). */
  withApprover(approver: Approver | undefined): ToolSurface;
  /** The delegates' tools as the model would see them (`list`; empty otherwise). */
  readonly delegates: readonly ApprovalSubject[];
}

/** A session for `agent`: turns of the model over the session's tools and delegates. */
export interface AgentHostSession extends HostSessionBase {
  /** Runs one turn; the audit log hears each event as the host iterates it (or as it runs, when the host only awaits `result`). */
  prompt(input: string, options?: PromptOptions): AgentTurn;
  /** The history so far. */
  history(): readonly AgentMessage[];
  /** The stored session, when the host records it (`store`). */
  readonly stored: StoredSessionHandle | undefined;
  /**
   * Rewinds to before turn `before` (between turns): with `code`, the files are restored from the
   * session's checkpoints first (refused, listing them, when files changed outside toolgate since,
   * unless `force`: then nothing is recorded); with `conversation`, the model no longer sees that
   * turn and the later ones (the store keeps them). The model is told on its next request. Throws
   * `SessionStoreError` for a turn the conversation does not hold or a session without
   * checkpoints, `InvalidOptionsError` while a turn runs.
   */
  rewind(before: number, scope: RewindScope & { readonly force?: boolean }): Promise<RewindOutcome>;
  /**
   * Between turns: replaces every turn but the last, in the model's context, by a summary the
   * model writes; the store keeps the turns (a rewind can still go back past it). Throws
   * `InvalidOptionsError` while a turn runs.
   */
  compact(options?: PromptOptions): Promise<CompactionResult>;
  /** The session's checkpoints, when the host asked for them: `list` and `restore` between turns (a rewind). */
  readonly checkpoints: Checkpoints | undefined;
  /** The session's model as `provider:model`. */
  model(): string;
  /** The approval mode calls run in now: the host's (`mode`), never looser than the managed floor. */
  mode(): ApprovalMode;
  /** The tokens the session's turns spent since it opened and how full the model's context is (`/status`). */
  usage(): SessionUsage;
  /**
   * Changes the session's model from its next request (`provider:model`, with the base URL and
   * keys of the environment and config, as when it opened); the history stays. Throws
   * `ModelConfigError` naming what to set, and then keeps the current model.
   */
  setModel(model: string): Promise<void>;
  /** Forgets the history (the interactive agent's `/clear`); throws while a turn runs. */
  clear(): void;
  /** The permission rules in force, "always for this project" answers of this session included; revoking one applies at once. */
  readonly permissions: SessionPermissions;
}

/** What {@link AgentHostSession.rewind} did to the files: the checkpoints' restore, when it restored them. */
export interface RewindOutcome {
  readonly files: RestoreResult | undefined;
}

/** A recorded session: where it is, and what it held when it was opened. */
export interface StoredSessionHandle {
  readonly id: string;
  /** `<stateDir>/sessions/<id>`. */
  readonly directory: string;
  /** The number the next turn takes. */
  readonly nextTurn: number;
  /** The turns the conversation holds now (numbers, in order). */
  turns(): readonly number[];
  /** The conversation as it was stored when a resumed or forked session opened. */
  readonly opened: StoredConversation | undefined;
}

/** The session {@link openHostSession} opens for a purpose. */
export type HostSession<Purpose extends HostPurpose = HostPurpose> = Purpose extends {
  readonly kind: 'agent';
}
  ? AgentHostSession
  : ToolHostSession;
