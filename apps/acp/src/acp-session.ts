import {
  type StopReason as AcpStopReason,
  type AgentContext,
  type ClientCapabilities,
  type ContentBlock,
  methods,
  RequestError,
  type RequestPermissionRequest,
  type SessionUpdate,
  type ToolCallContent,
} from '@agentclientprotocol/sdk';
import type { AgentEvent } from '@toolgate/agent';
import {
  type ApprovalAnswer,
  type ApprovalMode,
  type ApprovalRequest,
  isApprovingAnswer,
  type ToolCall,
} from '@toolgate/core';
import {
  createApprovalModeState,
  openHostSession,
  type SessionSettings,
  type SessionStoreOptions,
  type StoredSessionHandle,
} from '@toolgate/host';
import type { McpServersConfig } from '@toolgate/mcp';
import { acpClientElicitor } from './client-elicitor.js';
import { acpClientFiles } from './client-files.js';
import { acpClientTerminals } from './client-terminals.js';
import { ACP_COMMANDS, availableCommands, commandOfPrompt } from './commands/command-table.js';
import { acpFileCommands, availableFileCommands, expandFileCommand } from './commands/file-commands.js';
import { COMPACT_COMMANDS, isCompactCommand, runCompactCommand } from './compact-command.js';
import { answerOfOption, permissionOptions } from './permission-options.js';
import { planUpdateOf } from './plan-update.js';
import { promptToModelInput } from './prompt-to-model-input.js';
import { storedTurnUpdates } from './stored-turn-updates.js';
import { toAcpStopReason } from './to-acp-stop-reason.js';
import { diffContent, toolCallContent } from './tool-call-content.js';
import { toAcpToolCall } from './tool-call-presentation.js';

/** Options of {@link createAcpSession}. */
export interface AcpSessionOptions {
  readonly sessionId: string;
  /** The workspace (the request's `cwd`), its config, the MCP file and the sandbox, from the host kit. */
  readonly settings: SessionSettings;
  /** The model keys and `TOOLGATE_MODEL` the editor started the agent with. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The MCP servers of the `session/new` request; one named like a file's server replaces it. */
  readonly mcpServers: McpServersConfig;
  readonly client: AgentContext;
  /** What the client offered in `initialize`: its files and terminals are used when it offers them. */
  readonly clientCapabilities: ClientCapabilities | undefined;
  readonly log: (line: string) => void;
  /** Where the session is recorded, and the stored one it continues. */
  readonly store: SessionStoreOptions;
  /** Replays the stored turns to the client (`session/load`) before the session is handed out. @default false */
  readonly replay?: boolean;
}

/** One ACP session: an agent session whose approvals are `session/request_permission` round trips. */
export interface AcpSession {
  /** The approval mode calls run in (set: the mode asked for, held to the managed floor). */
  mode: ApprovalMode;
  /** The stored session. */
  readonly stored: StoredSessionHandle | undefined;
  /** Runs one turn, streaming `session/update`s; resolves to the ACP stop reason. */
  prompt(blocks: readonly ContentBlock[]): Promise<AcpStopReason>;
  /** Cancels the running turn: a pending permission request ends as cancelled, processes stop. */
  cancel(): void;
  /** Cancels and stops everything the session started. */
  close(): Promise<void>;
  /** Sends `available_commands_update` (after `session/new` has answered). */
  announceCommands(): void;
}

function parseArguments(call: ToolCall): unknown {
  if (typeof call.arguments !== 'string') return call.arguments ?? {};
  try {
    return call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return call.arguments;
  }
}

/**
 * Builds a session through the host kit's front door; the agent session (and so its tools and MCP
 * servers) exists when this resolves. Throws `ModelConfigError` and `ConfigError` as the host kit does.
 */
export async function createAcpSession(options: AcpSessionOptions): Promise<AcpSession> {
  const { sessionId, client } = options;
  const { root } = options.settings;
  let updates: Promise<void> = Promise.resolve();
  // Updates go out in order; a closed connection only loses them.
  const send = (update: SessionUpdate): Promise<void> => {
    updates = updates
      .then(() => client.notify(methods.client.session.update, { sessionId, update }))
      .catch((error: unknown) => options.log(`session/update not delivered: ${String(error)}`));
    return updates;
  };
  const approver = async (request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> => {
    await updates;
    // The call as its tool presents it; whole-file diffs as the tool planned them (any tool that
    // declares its files), else the tool's own unified diff as text.
    const presentation = toAcpToolCall(request.presentation, root);
    const diffs = request.files?.map(diffContent);
    const content: ToolCallContent[] | undefined =
      diffs ??
      (request.diff ? [{ type: 'content', content: { type: 'text', text: request.diff } }] : undefined);
    const params: RequestPermissionRequest = {
      sessionId,
      toolCall: {
        toolCallId: request.callId,
        title: presentation.title,
        kind: presentation.kind,
        status: 'pending',
        locations: presentation.locations,
        rawInput: request.input,
        ...(content ? { content } : {}),
      },
      options: permissionOptions(request),
    };
    const response = await client.request(methods.client.session.requestPermission, params, {
      cancellationSignal: signal,
      stopWaitingOnCancel: true,
    });
    return response.outcome.outcome === 'selected' ? answerOfOption(response.outcome.optionId) : 'cancelled';
  };

  // The client hears when approving the model's plan leaves plan mode (its own set_mode it knows):
  // the mode calls run in, the managed floor's when the one left for is looser.
  const modes = createApprovalModeState(options.settings.mode, () => {
    void send({ sessionUpdate: 'current_mode_update', currentModeId: session.mode() });
  });
  // The editor's buffers, terminals and forms, when it offers them.
  const files = acpClientFiles(client, sessionId, options.clientCapabilities);
  const elicit = acpClientElicitor(client, sessionId, options.clientCapabilities);
  // The editor's terminal of each call that runs in one: shown in the call while it runs and after.
  const terminalOf = new Map<string, string>();
  const terminals = acpClientTerminals(
    client,
    sessionId,
    options.clientCapabilities,
    (callId, terminalId) => {
      terminalOf.set(callId, terminalId);
      void send({
        sessionUpdate: 'tool_call_update',
        toolCallId: callId,
        content: [{ type: 'terminal', terminalId }],
      });
    },
  );
  // The same session as the CLI's: the config's rules, hooks and audit log, the sandbox, MCP
  // servers (the file's and the request's), the delegates.
  // Commands from files, after the built-ins (which win over a file of their name).
  const fileCommands = await acpFileCommands(options.settings, [
    ...ACP_COMMANDS.map((command) => command.name),
    ...COMPACT_COMMANDS.map((command) => command.name),
  ]);
  const session = await openHostSession(options.settings, {
    purpose: { kind: 'agent', modelFlags: null },
    answeredBy: 'acp-client',
    sessionId,
    env: options.env,
    notice: options.log,
    mode: modes.get,
    leavePlanMode: modes.leavePlan,
    approver,
    mcpServers: options.mcpServers,
    mcpStderr: (server, chunk) => options.log(`[mcp ${server}] ${chunk.trimEnd()}`),
    ...(files ? { clientFiles: files } : {}),
    ...(terminals ? { clientTerminals: terminals } : {}),
    ...(elicit ? { mcpElicit: elicit } : {}),
    // A long command's output so far, at most every 250 ms (the final update replaces it).
    onToolOutput: (callId, text) => {
      void send({
        sessionUpdate: 'tool_call_update',
        toolCallId: callId,
        content: [{ type: 'content', content: { type: 'text', text } }],
      });
    },
    store: options.store,
  });
  if (options.replay)
    for (const turn of session.stored?.opened?.turns ?? [])
      for (const update of storedTurnUpdates(turn, root)) void send(update);
  await updates;
  for (const line of session.mcpStatus()) options.log(line);
  let turn: AbortController | undefined;
  /** Switches to `mode` as asked; the editor hears the mode calls run in (the managed floor's, when `mode` is looser). */
  const switchMode = (mode: ApprovalMode, announce: boolean): void => {
    modes.set(mode);
    const effective = session.mode();
    if (announce || effective !== mode)
      void send({ sessionUpdate: 'current_mode_update', currentModeId: effective });
  };

  /**
   * `agent` names the delegate's child an event comes from: its tool calls are reported like the
   * session's own (under their own ids, which its permission requests use too), titled with the
   * child's name; its text is the delegate's output, not the session's answer.
   */
  const onEvent = (event: AgentEvent, refused: string[], agent?: string): void => {
    switch (event.type) {
      case 'delegate-event':
        onEvent(event.event, [], agent ? `${agent} › ${event.agent}` : event.agent);
        return;
      case 'text-delta':
        if (agent) return;
        void send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: event.text } });
        return;
      case 'reasoning-delta':
        if (agent) return;
        void send({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: event.text } });
        return;
      case 'tool-call': {
        const input = parseArguments(event.call);
        const presentation = toAcpToolCall(event.presentation, root);
        void send({
          sessionUpdate: 'tool_call',
          toolCallId: event.call.id,
          title: agent ? `${agent}: ${presentation.title}` : presentation.title,
          kind: presentation.kind,
          status: 'pending',
          locations: presentation.locations,
          rawInput: input,
        });
        return;
      }
      // The call runs: decided without a question (the mode, a rule, a remembered answer, a
      // hook), or approved when asked. In every mode.
      case 'approval-decision':
        if (event.outcome === 'run')
          void send({ sessionUpdate: 'tool_call_update', toolCallId: event.call.id, status: 'in_progress' });
        return;
      case 'approval-answer':
        if (isApprovingAnswer(event.answer))
          void send({ sessionUpdate: 'tool_call_update', toolCallId: event.call.id, status: 'in_progress' });
        return;
      case 'tool-result': {
        const { call, result } = event;
        if (result.status === 'rejected') refused.push(`${call.name}: ${result.reason}`);
        const terminalId = terminalOf.get(call.id);
        terminalOf.delete(call.id);
        void send({
          sessionUpdate: 'tool_call_update',
          toolCallId: call.id,
          status: result.status === 'success' ? 'completed' : 'failed',
          content: [
            ...(terminalId === undefined ? [] : [{ type: 'terminal' as const, terminalId }]),
            ...toolCallContent(result),
          ],
          // What the model's result is; the display and whole-file changes are in the content.
          rawOutput: result.status === 'success' ? { status: result.status, output: result.output } : result,
        });
        // The session's own plan (a delegate's child keeps none) goes to the client as `plan`.
        const plan = agent ? undefined : planUpdateOf(result);
        if (plan) void send(plan);
        return;
      }
      default:
        return;
    }
  };

  return {
    stored: session.stored,
    get mode() {
      return session.mode();
    },
    // The editor's set_mode: it knows what it asked for, and hears the mode only when the managed floor holds another.
    set mode(mode: ApprovalMode) {
      switchMode(mode, false);
    },
    async prompt(blocks) {
      if (turn) throw RequestError.invalidRequest(undefined, 'A prompt is already running in this session.');
      const invoked = commandOfPrompt(blocks, ACP_COMMANDS);
      if (invoked) {
        const text = await invoked.command.run(invoked.argument, {
          session,
          mode: () => session.mode(),
          askedMode: () => modes.get(),
          setMode: (mode) => switchMode(mode, true),
          model: () => session.model(),
          setModel: (model) => session.setModel(model),
          commands: ACP_COMMANDS,
          fileCommands,
        });
        await send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
        return 'end_turn';
      }
      const controller = new AbortController();
      turn = controller;
      const refused: string[] = [];
      try {
        if (isCompactCommand(blocks)) {
          await runCompactCommand(session, controller.signal, send);
          return controller.signal.aborted ? 'cancelled' : 'end_turn';
        }
        const input = promptToModelInput(expandFileCommand(blocks, fileCommands.offered) ?? blocks);
        const running = session.prompt(input, { signal: controller.signal });
        for await (const event of running) onEvent(event, refused);
        const result = await running.result;
        if (controller.signal.aborted) return 'cancelled';
        if (result.stopReason === 'model_error')
          throw RequestError.internalError(undefined, `The model failed: ${result.error ?? 'unknown error'}`);
        if (result.stopReason === 'blocked_by_approval' || result.stopReason === 'blocked_by_policy') {
          const who = result.stopReason === 'blocked_by_approval' ? 'You declined' : 'Policy refused';
          void send({
            sessionUpdate: 'agent_message_chunk',
            content: {
              type: 'text',
              text: `\n\n${who}: ${refused.join('; ') || 'a tool call'}. Nothing was run. Tell me in your next message what to do instead.`,
            },
          });
        }
        return toAcpStopReason(result.stopReason);
      } finally {
        await updates;
        turn = undefined;
      }
    },
    cancel() {
      turn?.abort();
    },
    announceCommands() {
      void send({
        sessionUpdate: 'available_commands_update',
        availableCommands: [
          ...availableCommands(ACP_COMMANDS),
          ...COMPACT_COMMANDS,
          ...availableFileCommands(fileCommands.offered),
        ],
      });
    },
    async close() {
      turn?.abort();
      await session.close();
    },
  };
}
