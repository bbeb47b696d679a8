import { resolve } from 'node:path';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  ElicitRequestSchema,
  type ElicitResult,
  ErrorCode,
  ListToolsResultSchema,
  McpError,
  type Tool as McpTool,
  ToolListChangedNotificationSchema,
  ToolSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { escapeControlCharacters } from '@toolgate/core';
import { z } from 'zod';
import { type McpAuthOptions, McpOAuthProvider } from '../auth/mcp-oauth-provider.js';
import type { McpServerConfig } from '../config/mcp-config-schema.js';
import { linkCancellation } from '../internal/request-cancellation.js';
import { acceptedContent, type McpElicitor, toElicitationRequest } from './mcp-elicitation.js';
import type { McpServerState, McpSkippedTool } from './mcp-server-status.js';
import { MESSAGE_TOO_LARGE_CODE, StdioProcessTransport } from './stdio-process-transport.js';

const STDERR_TAIL_CHARS = 2000;

/** Settings one connection needs from `createMcpTools`. */
export interface McpConnectionSettings {
  readonly clientName: string;
  readonly clientVersion: string;
  readonly connectTimeoutMs: number;
  readonly cwd: string;
  readonly stderr: ((server: string, chunk: string) => void) | undefined;
  /** The `_meta` of each `tools/call`, when it has one. */
  readonly requestMeta: (() => Readonly<Record<string, unknown>> | undefined) | undefined;
  /** Called whenever the server's tool list or state changes. */
  readonly onChange: () => void;
  /** Asks the person for a server's `elicitation/create` form; without it the capability is not declared. */
  readonly elicit: McpElicitor | undefined;
  /** Receives the server's progress notifications during a call. */
  readonly onProgress: ((progress: McpCallProgress) => void) | undefined;
  /** OAuth for remote servers; without it a server that answers 401 fails to connect. */
  readonly auth: McpAuthOptions | undefined;
  /** Said after "needs an OAuth login" when a login is needed and cannot happen here. */
  readonly loginHint: string | undefined;
}

/** A remote transport the SDK can finish an OAuth login on. */
type RemoteTransport = SSEClientTransport | StreamableHTTPClientTransport;

function isUnauthorized(error: unknown): boolean {
  return error instanceof UnauthorizedError || (error instanceof Error && error.name === 'UnauthorizedError');
}

/** A server's progress report during one call (`notifications/progress`). */
export interface McpCallProgress {
  /** The tool, by the server's own name. */
  readonly originalName: string;
  /** How far it got, in the server's units. */
  readonly progress: number;
  /** The total in the same units, when the server knows it. */
  readonly total?: number;
  /** The server's message (escaped for a terminal), when it gave one. */
  readonly message?: string;
}

/** How a call to the server ended, before it is turned into a tool result. */
export type McpCallOutcome =
  | { readonly kind: 'result'; readonly result: CallToolResult }
  | { readonly kind: 'unavailable'; readonly message: string }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'aborted' }
  | { readonly kind: 'too_large'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A page of tools/list read leniently, so that one malformed tool costs only itself.
const LenientToolListSchema = ListToolsResultSchema.extend({ tools: z.array(z.unknown()) });

function nameOf(tool: unknown, index: number): string {
  const name = typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? name : `#${index + 1} (no name)`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length === 0 ? 'the tool' : issue.path.map(String).join('.');
  if (issue.path.join('.') === 'inputSchema.type')
    return 'its inputSchema is not a JSON Schema of type "object"';
  return `${path}: ${issue.message}`;
}

/** One configured server: its client, its state and the tools it last listed. */
export class McpServerConnection {
  state: McpServerState;
  reason: string | undefined;
  tools: readonly McpTool[] = [];
  /** Tools the server listed that could not be read (a malformed entry), with the reason. */
  malformedTools: readonly McpSkippedTool[] = [];
  serverInfo: { name: string; version: string } | undefined;
  private client: Client | undefined;
  private stdio: StdioProcessTransport | undefined;
  private stderrTail = '';
  private closing = false;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private changedWhileConnecting = false;
  private remote: RemoteTransport | undefined;
  private oauth: McpOAuthProvider | undefined;
  private readonly lifetime = new AbortController();

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly settings: McpConnectionSettings,
  ) {
    this.state = config.disabled ? 'disabled' : 'connecting';
    if (config.disabled) this.reason = 'disabled in the MCP config';
  }

  private createTransport(): Transport {
    const config = this.config;
    if (config.type === 'stdio') {
      const transport = new StdioProcessTransport({
        command: config.command,
        args: config.args,
        env: config.env,
        cwd: config.cwd === undefined ? this.settings.cwd : resolve(this.settings.cwd, config.cwd),
      });
      this.stdio = transport;
      transport.stderr.on('data', (chunk: Buffer | string) => {
        const text = chunk.toString();
        this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL_CHARS);
        try {
          this.settings.stderr?.(this.name, text);
        } catch {
          // A host's log sink must not break the connection.
        }
      });
      return transport;
    }
    const requestInit = { headers: { ...config.headers } };
    const auth = this.settings.auth;
    this.oauth ??= auth
      ? new McpOAuthProvider(config.url, config.oauth ?? {}, auth, this.lifetime.signal)
      : undefined;
    const options = { requestInit, ...(this.oauth ? { authProvider: this.oauth } : {}) };
    this.remote =
      config.type === 'sse'
        ? new SSEClientTransport(new URL(config.url), options)
        : new StreamableHTTPClientTransport(new URL(config.url), options);
    return this.remote;
  }

  /**
   * After a request failed for want of authorization: finishes the login the provider started
   * (true: try again), or says why not (a login is needed and cannot happen here).
   */
  private async finishLogin(error: unknown): Promise<boolean> {
    if (!isUnauthorized(error) || !this.oauth || !this.remote) return false;
    const code = await this.oauth.takeCode();
    if (code === undefined) {
      if (this.oauth.needsLogin) {
        const hint = this.settings.loginHint;
        throw new Error(`the server needs an OAuth login${hint ? ` (${hint})` : ''}`);
      }
      return false;
    }
    await this.remote.finishAuth(code);
    return true;
  }

  private withStderr(message: string): string {
    const tail = this.stderrTail.trim();
    return tail === '' ? message : `${message}; stderr: ${tail.split('\n').slice(-5).join('\n')}`;
  }

  private fail(message: string): void {
    this.state = 'error';
    this.reason = this.withStderr(message);
    this.settings.onChange();
  }

  /** Connects and lists tools within `connectTimeoutMs`. Never throws: failures become state `error`. */
  async connect(): Promise<void> {
    if (this.state !== 'connecting') return;
    const timeoutMs = this.config.startupTimeoutMs ?? this.settings.connectTimeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const elicit = this.settings.elicit;
    const client = new Client(
      { name: this.settings.clientName, version: this.settings.clientVersion },
      { capabilities: elicit ? { elicitation: { form: {} } } : {} },
    );
    this.client = client;
    if (elicit) {
      client.setRequestHandler(ElicitRequestSchema, async (request, extra): Promise<ElicitResult> => {
        // Only the form mode is declared, so the SDK has refused a URL request before this.
        if (request.params.mode === 'url') return { action: 'decline' };
        const form = toElicitationRequest(this.name, request.params);
        const answer = await elicit(form, extra.signal).catch(() => ({ action: 'cancel' as const }));
        if (answer.action !== 'accept') return { action: answer.action };
        const content = acceptedContent(form, answer.content);
        // An answer that does not fit the form is not sent: the server hears no answer at all.
        if (content === undefined) return { action: 'cancel' };
        return {
          action: 'accept',
          content: Object.fromEntries(
            Object.entries(content).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]),
          ) as ElicitResult['content'] & {},
        };
      });
    }
    // Installed before connecting: a server may announce list changes right after `initialized`.
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (this.state === 'connecting') this.changedWhileConnecting = true;
      else void this.refresh();
    });
    // Installed before connecting too, so a server that exits right after starting is never missed;
    // while connecting, the failed connect reports it instead.
    client.onclose = () => {
      if (!this.closing && this.state === 'connected') {
        this.fail(this.stdio?.failure ?? 'the server closed the connection (it exited or crashed)');
      }
    };
    try {
      const transport = this.createTransport();
      const timedOut = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(new Error('timeout')), { once: true });
      });
      await Promise.race([
        (async () => {
          let current = transport;
          // An OAuth login may need a second connection (and a step-up a third), never more.
          for (let attempt = 0; ; attempt += 1) {
            try {
              await client.connect(current, { signal: controller.signal, timeout: timeoutMs });
              break;
            } catch (error) {
              if (attempt >= 2 || !(await this.finishLogin(error))) throw error;
              await client.close().catch(() => {});
              current = this.createTransport();
            }
          }
          // A step-up (the listing needs more scopes) logs in again on the same connection.
          for (let attempt = 0; ; attempt += 1) {
            try {
              await this.listAllTools(controller.signal);
              break;
            } catch (error) {
              if (attempt >= 2 || !(await this.finishLogin(error))) throw error;
            }
          }
        })(),
        timedOut,
      ]);
      this.serverInfo = client.getServerVersion();
    } catch (error) {
      clearTimeout(timer);
      const reason = controller.signal.aborted
        ? `did not finish starting within ${timeoutMs} ms (give it longer with "startupTimeoutMs" in its .mcp.json entry)`
        : `failed to start: ${messageOf(error)}`;
      this.client = undefined;
      // A server that never finished starting has nothing to shut down cleanly.
      this.stdio?.kill();
      await client.close().catch(() => {});
      if (!this.closing) this.fail(reason);
      return;
    }
    clearTimeout(timer);
    if (this.closing) return;
    this.state = 'connected';
    if (client.transport === undefined) {
      this.fail('the server closed the connection (it exited or crashed)');
      return;
    }
    this.settings.onChange();
    if (this.changedWhileConnecting) void this.refresh();
  }

  /** Lists every page of tools into `tools`, setting aside entries that are not valid tools. */
  private async listAllTools(signal?: AbortSignal): Promise<void> {
    const client = this.client!;
    const tools: McpTool[] = [];
    const malformed: McpSkippedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        LenientToolListSchema,
        signal ? { signal } : {},
      );
      for (const [index, entry] of page.tools.entries()) {
        const parsed = ToolSchema.safeParse(entry);
        if (parsed.success) tools.push(parsed.data);
        else {
          const issue = parsed.error.issues[0];
          malformed.push({
            originalName: nameOf(entry, index),
            reason: issue ? describeIssue(issue) : 'it is not a valid MCP tool',
          });
        }
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    // What the SDK's own listTools remembers (output schemas that callTool checks results
    // against, task-only tools); it is private only in the SDK's types.
    (client as unknown as { cacheToolMetadata(tools: McpTool[]): void }).cacheToolMetadata(tools);
    this.tools = tools;
    this.malformedTools = malformed;
  }

  /** Re-lists the tools (on `notifications/tools/list_changed`); overlapping requests coalesce. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        try {
          if (this.state !== 'connected') return;
          await this.listAllTools();
          this.settings.onChange();
        } catch {
          // A failed re-list keeps the last list; a dead server is reported by onclose.
        }
      } while (this.refreshAgain);
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Calls a tool by the server's own name. Never throws. */
  async call(
    originalName: string,
    input: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<McpCallOutcome> {
    const client = this.client;
    if (this.state !== 'connected' || !client) {
      return { kind: 'unavailable', message: this.reason ?? `MCP server "${this.name}" is ${this.state}` };
    }
    if (signal.aborted) return { kind: 'aborted' };
    // A cancellation of its own per call: the SDK never removes the abort listener it adds, and
    // hosts often pass one long-lived signal for every call.
    const { cancellation, release } = linkCancellation(signal);
    try {
      const onProgress = this.settings.onProgress;
      const meta = this.settings.requestMeta?.();
      const request = {
        name: originalName,
        arguments: { ...input },
        ...(meta ? { _meta: { ...meta } } : {}),
      };
      const callOnce = async () =>
        (await client.callTool(request, undefined, {
          signal: cancellation.asSignal(),
          timeout: timeoutMs,
          // A server that reports progress is alive: each report restarts the limit, up to ten limits in all.
          resetTimeoutOnProgress: true,
          maxTotalTimeout: timeoutMs * 10,
          onprogress: (progress) => {
            try {
              onProgress?.({
                originalName,
                progress: progress.progress,
                ...(progress.total === undefined ? {} : { total: progress.total }),
                ...(progress.message === undefined
                  ? {}
                  : { message: escapeControlCharacters(progress.message, { keepLineFeeds: false }) }),
              });
            } catch {
              // A host's listener must not break the call.
            }
          },
        })) as CallToolResult;
      let result: CallToolResult;
      try {
        result = await callOnce();
      } catch (error) {
        // A step-up (more scopes for this tool): the login finished, the call is tried once more.
        if (!(await this.finishLogin(error).catch(() => false))) throw error;
        result = await callOnce();
      }
      return { kind: 'result', result };
    } catch (error) {
      if (signal.aborted) return { kind: 'aborted' };
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return { kind: 'timeout' };
      if (error instanceof McpError && error.code === MESSAGE_TOO_LARGE_CODE) {
        return { kind: 'too_large', message: error.message.replace(/^MCP error -?\d+: /, '') };
      }
      if (
        (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) ||
        this.state !== 'connected' ||
        /not connected/i.test(messageOf(error))
      ) {
        return { kind: 'unavailable', message: this.reason ?? 'the connection was closed during the call' };
      }
      return { kind: 'error', message: messageOf(error) };
    } finally {
      release();
    }
  }

  /** Closes the connection (a stdio server's process is stopped). */
  async close(): Promise<void> {
    this.closing = true;
    this.lifetime.abort();
    const client = this.client;
    this.client = undefined;
    if (this.state === 'connecting') this.stdio?.kill();
    if (this.state === 'connected' || this.state === 'connecting') {
      this.state = 'error';
      this.reason = 'closed by the host';
    }
    await client?.close().catch(() => {});
  }
}
