import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  ErrorCode,
  ListToolsResultSchema,
  McpError,
  type Tool as McpTool,
  ToolListChangedNotificationSchema,
  ToolSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { McpServerConfig } from '../config/mcp-config-schema.js';
import { linkCancellation } from '../internal/request-cancellation.js';
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
    return config.type === 'sse'
      ? new SSEClientTransport(new URL(config.url), { requestInit })
      : new StreamableHTTPClientTransport(new URL(config.url), { requestInit });
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
    const timeoutMs = this.settings.connectTimeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const client = new Client(
      { name: this.settings.clientName, version: this.settings.clientVersion },
      { capabilities: {} },
    );
    this.client = client;
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
          await client.connect(transport, { signal: controller.signal, timeout: timeoutMs });
          await this.listAllTools(controller.signal);
        })(),
        timedOut,
      ]);
      this.serverInfo = client.getServerVersion();
    } catch (error) {
      clearTimeout(timer);
      const reason = controller.signal.aborted
        ? `did not finish starting within ${timeoutMs} ms`
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
      const meta = this.settings.requestMeta?.();
      const request = {
        name: originalName,
        arguments: { ...input },
        ...(meta ? { _meta: { ...meta } } : {}),
      };
      const result = (await client.callTool(request, undefined, {
        signal: cancellation.asSignal(),
        timeout: timeoutMs,
      })) as CallToolResult;
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
