import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  type ApprovalAnswer,
  type ApprovalRequest,
  type Approver,
  InvalidOptionsError,
  type ToolSurface,
} from '@toolgate/core';
import { APPROVAL_CHOICES, NO_ELICITATION_NOTE } from './approval-elicitation-description.js';
import { toMcpCallResult } from './to-mcp-call-result.js';
import { toMcpTool } from './to-mcp-tool.js';

/** Options for {@link createMcpServer}. */
export interface CreateMcpServerOptions {
  /**
   * The surface to serve, or a function that builds it given the approver this server provides
   * (which asks the client through elicitation). Pass the function form and put the approver into
   * `standardDecorators({ approval: { mode, approver } })`; in mode `auto` nothing asks.
   */
  readonly surface: ToolSurface | ((approver: Approver) => ToolSurface);
  /** Server name reported to clients. @default 'toolgate' */
  readonly name?: string;
  /** Server version reported to clients. @default '0.0.0' */
  readonly version?: string;
  /** Instructions reported to clients on initialize. @default none */
  readonly instructions?: string;
  /** Largest text of one result sent to the client; longer text is cut with a marker. @default 100000 */
  readonly maxResultChars?: number;
  /** Passed to every call as `session` (e.g. the host's process registry). @default undefined */
  readonly session?: unknown;
  /**
   * Called once when the transport closes (client gone, stdin EOF, `close()`), after in-flight calls
   * were aborted: the host stops the processes it started and exits. @default nothing
   */
  readonly onClose?: () => void | Promise<void>;
}

/** A toolgate surface served over MCP. */
export interface ToolgateMcpServer {
  /** Serves on a transport the host owns (e.g. `createStdioServerTransport(stdin, stdout)`). */
  connect(transport: Transport): Promise<void>;
  /** Aborts in-flight calls, closes the transport and runs `onClose`. Idempotent. */
  close(): Promise<void>;
  /** Tells the client the tool list changed (e.g. an MCP server behind the surface re-listed). */
  notifyToolsChanged(): Promise<void>;
  /** The elicitation approver (the same one a surface function receives). */
  readonly approver: Approver;
  /** The SDK server, for hosts that need more of the protocol. */
  readonly server: Server;
}

// The whole request, never cut: what the person approves is what runs (its text is already escaped).
function elicitationMessage(request: ApprovalRequest): string {
  const diff = request.diff ? `\n\n${request.diff}` : '';
  return `${request.title}\n${request.lines.join('\n')}${diff}`;
}

/**
 * Serves a toolgate surface over MCP: `tools/list` from the registry (JSON Schemas, kinds mapped to
 * hints), `tools/call` through the surface's executor (so validation, policy and approval apply),
 * client cancellation aborting the call. Approvals go to the client through `elicitation/create`
 * when it declared the capability; otherwise the approver refuses and the call is rejected with a
 * note saying why.
 */
export function createMcpServer(options: CreateMcpServerOptions): ToolgateMcpServer {
  const maxResultChars = options.maxResultChars ?? 100_000;
  if (!Number.isFinite(maxResultChars) || maxResultChars <= 0) {
    throw new InvalidOptionsError(
      `createMcpServer: maxResultChars must be a positive number, got ${maxResultChars}.`,
    );
  }
  const server = new Server(
    { name: options.name ?? 'toolgate', version: options.version ?? '0.0.0' },
    {
      capabilities: { tools: { listChanged: true } },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  const unaskable = new Set<string>();
  const inFlight = new Set<AbortController>();

  const approver: Approver = async (request, signal): Promise<ApprovalAnswer> => {
    if (server.getClientCapabilities()?.elicitation === undefined) {
      unaskable.add(request.callId);
      throw new Error('the MCP client does not support elicitation');
    }
    const result = await server.request(
      {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: elicitationMessage(request),
          requestedSchema: {
            type: 'object',
            properties: {
              decision: {
                type: 'string',
                title: 'Decision',
                oneOf: APPROVAL_CHOICES.map((choice) => ({ ...choice })),
                default: 'allow_once',
              },
            },
            required: ['decision'],
          },
        },
      },
      ElicitResultSchema,
      { signal, timeout: 24 * 60 * 60 * 1000 },
    );
    if (result.action === 'cancel') return 'cancelled';
    if (result.action === 'decline') return 'reject_once';
    const decision = result.content?.decision;
    const known = APPROVAL_CHOICES.find((choice) => choice.const === decision);
    // Fail closed: an accepted form without a decision we know does not allow anything.
    return known ? known.const : 'reject_once';
  };

  const surface = typeof options.surface === 'function' ? options.surface(approver) : options.surface;
  let calls = 0;

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: surface.registry.list().map(toMcpTool),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    calls += 1;
    const call = {
      id: `mcp-${String(extra.requestId)}-${calls}`,
      name: request.params.name,
      arguments: (request.params.arguments ?? {}) as Record<string, unknown>,
    };
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (extra.signal.aborted) controller.abort();
    else extra.signal.addEventListener('abort', abort, { once: true });
    inFlight.add(controller);
    try {
      const result = await surface.executor.execute(call, {
        signal: controller.signal,
        ...(options.session === undefined ? {} : { session: options.session }),
      });
      const note =
        result.status === 'rejected' && result.by === 'approval' && unaskable.has(call.id)
          ? NO_ELICITATION_NOTE
          : undefined;
      return toMcpCallResult(result, call, maxResultChars, note);
    } finally {
      unaskable.delete(call.id);
      inFlight.delete(controller);
      extra.signal.removeEventListener('abort', abort);
    }
  });

  let closedOnce = false;
  server.onclose = () => {
    if (closedOnce) return;
    closedOnce = true;
    for (const controller of inFlight) controller.abort();
    void Promise.resolve()
      .then(() => options.onClose?.())
      .catch(() => {});
  };

  return {
    connect: (transport) => server.connect(transport),
    close: async () => {
      for (const controller of inFlight) controller.abort();
      await server.close();
    },
    notifyToolsChanged: async () => {
      if (server.transport) await server.sendToolListChanged();
    },
    approver,
    server,
  };
}
