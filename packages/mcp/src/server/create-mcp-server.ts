import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  LATEST_PROTOCOL_VERSION,
  ListToolsRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import {
  type ApprovalAnswer,
  type ApprovalRequest,
  type Approver,
  InvalidOptionsError,
  type ToolSurface,
} from '@toolgate/core';
import { elicitationFormSchema } from '../client/elicitation-form-schema.js';
import type { McpElicitationValue, McpElicitor } from '../client/mcp-elicitation.js';
import {
  APPROVAL_CHOICES,
  CLIENT_INJECTED_ARGUMENTS,
  droppedArgumentsNote,
  NO_ELICITATION_NOTE,
  unaskableReason,
  unknownAnswerReason,
} from './approval-elicitation-description.js';
import { SERVER_CAPABILITIES } from './early-initialize.js';
import { toMcpCallResult } from './to-mcp-call-result.js';
import { toMcpTool } from './to-mcp-tool.js';

/** Options for {@link createMcpServer}. */
export interface CreateMcpServerOptions {
  /**
   * The surface to serve, or a function that builds it given the approver this server provides
   * (which asks the client through elicitation). Pass the function form and put the approver into
   * `standardDecorators({ approval: { mode, approver } })`; in mode `auto` nothing asks. The
   * function may return a promise: the server answers `initialize` (and `ping`) at once, and
   * `tools/list` and `tools/call` wait for the surface, so a host can connect before it loads its
   * tools.
   */
  readonly surface: ToolSurface | ((approver: Approver) => ToolSurface | Promise<ToolSurface>);
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
  /**
   * Passes an MCP server's form (one behind the surface, asking during a call) on to this
   * server's client, so the person answers it in their client; `decline` when the client has no
   * elicitation. For the host's `mcpElicit`.
   */
  readonly elicit: McpElicitor;
  /** The SDK server, for hosts that need more of the protocol. */
  readonly server: Server;
}

// The whole request, never cut: what the person approves is what runs (its text is already escaped).
function elicitationMessage(request: ApprovalRequest): string {
  const diff = request.diff ? `\n\n${request.diff}` : '';
  return `${request.title}\n${request.lines.join('\n')}${diff}`;
}

// The approval choice as the negotiated protocol writes a titled enum: `oneOf` of const/title from
// 2025-11-25 on (SEP-1330), `enum` with `enumNames` before it.
function decisionField(protocolVersion: string) {
  const common = { type: 'string' as const, title: 'Decision', default: 'allow_once' };
  return protocolVersion >= '2025-11-25'
    ? { ...common, oneOf: APPROVAL_CHOICES.map((choice) => ({ ...choice })) }
    : {
        ...common,
        enum: APPROVAL_CHOICES.map((choice) => choice.const),
        enumNames: APPROVAL_CHOICES.map((choice) => choice.title),
      };
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
      capabilities: SERVER_CAPABILITIES,
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  // Why a call's approval did not come from a person's answer, by call id (for the rejection's text).
  const unanswered = new Map<string, { readonly reason: string; readonly note?: string }>();
  const inFlight = new Set<AbortController>();
  let protocolVersion: string = LATEST_PROTOCOL_VERSION;

  const approver: Approver = async (request, signal): Promise<ApprovalAnswer> => {
    if (server.getClientCapabilities()?.elicitation === undefined) {
      unanswered.set(request.callId, { reason: unaskableReason(request.detail), note: NO_ELICITATION_NOTE });
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
            properties: { decision: decisionField(protocolVersion) },
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
    if (known) return known.const;
    // Fail closed: an accepted form without a decision we know does not allow anything.
    const answer = decision === undefined ? 'no decision' : JSON.stringify(decision).slice(0, 80);
    unanswered.set(request.callId, { reason: unknownAnswerReason(answer, request.detail) });
    return 'cancelled';
  };

  const elicit: McpElicitor = async (request, signal) => {
    if (server.getClientCapabilities()?.elicitation === undefined) return { action: 'decline' };
    const result = await server.request(
      {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: `MCP server "${request.server}" asks: ${request.message}`,
          requestedSchema: elicitationFormSchema(request.fields, {
            titledChoices: protocolVersion >= '2025-11-25',
          }),
        },
      } as never,
      ElicitResultSchema,
      { signal, timeout: 24 * 60 * 60 * 1000 },
    );
    if (result.action !== 'accept') return { action: result.action };
    return { action: 'accept', content: (result.content ?? {}) as Record<string, McpElicitationValue> };
  };

  // Built on first need (a tools request), so a host can answer `initialize` before it has tools.
  let building: Promise<{ readonly surface: ToolSurface }> | undefined;
  const built = () => {
    building ??= Promise.resolve()
      .then(() => (typeof options.surface === 'function' ? options.surface(approver) : options.surface))
      .then((surface) => ({ surface }));
    return building;
  };
  let calls = 0;

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const { surface } = await built();
    return { tools: surface.registry.list().map(toMcpTool) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    calls += 1;
    const { surface } = await built();
    const given = (request.params.arguments ?? {}) as Record<string, unknown>;
    const declared = surface.registry.get(request.params.name)?.inputSchema.properties ?? {};
    const dropped = CLIENT_INJECTED_ARGUMENTS.filter(
      (name) => Object.hasOwn(given, name) && !Object.hasOwn(declared, name),
    );
    const call = {
      id: `mcp-${String(extra.requestId)}-${calls}`,
      name: request.params.name,
      arguments:
        dropped.length === 0
          ? given
          : Object.fromEntries(Object.entries(given).filter(([key]) => !dropped.includes(key as never))),
    };
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (extra.signal.aborted) controller.abort();
    else extra.signal.addEventListener('abort', abort, { once: true });
    inFlight.add(controller);
    try {
      const executed = await surface.executor.execute(call, {
        signal: controller.signal,
        ...(options.session === undefined ? {} : { session: options.session }),
      });
      const why =
        executed.status === 'rejected' && executed.by === 'approval' ? unanswered.get(call.id) : undefined;
      const result = why ? { ...executed, reason: why.reason } : executed;
      const notes = [why?.note, dropped.length === 0 ? undefined : droppedArgumentsNote(dropped)].filter(
        (note): note is string => note !== undefined,
      );
      return toMcpCallResult(result, call, maxResultChars, notes.length === 0 ? undefined : notes.join('\n'));
    } finally {
      unanswered.delete(call.id);
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
    connect: async (transport) => {
      await server.connect(transport);
      // The version the SDK negotiates (the client's when supported, else the latest), seen on the
      // way in: the approval form follows it.
      const receive = transport.onmessage;
      transport.onmessage = (message, extra) => {
        if ('method' in message && message.method === 'initialize' && 'id' in message) {
          const requested = (message.params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
          protocolVersion =
            typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
              ? requested
              : LATEST_PROTOCOL_VERSION;
        }
        receive?.(message, extra);
      };
    },
    close: async () => {
      for (const controller of inFlight) controller.abort();
      await server.close();
    },
    notifyToolsChanged: async () => {
      if (server.transport) await server.sendToolListChanged();
    },
    approver,
    elicit,
    server,
  };
}
