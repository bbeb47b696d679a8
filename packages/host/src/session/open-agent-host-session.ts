import type { AgentEvent } from '@toolgate/agent';
import { InvalidOptionsError, type ToolCallPresentation, type ToolProvider } from '@toolgate/core';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { selectModel } from '../model/select-model.js';
import { type OpenedSessionRecord, openSessionRecord } from '../session-store/open-session-record.js';
import { recordedTurn } from '../session-store/recorded-turn.js';
import { rewindNote } from '../session-store/rewind-note-description.js';
import type { StoredCall } from '../session-store/session-record.js';
import { settingsDigest } from '../session-store/settings-digest.js';
import { turnMessages } from '../session-store/turn-messages.js';
import { auditedTurn } from './audited-turn.js';
import { createSessionAgent } from './create-session-agent.js';
import type { SessionToolSet } from './create-session-tools.js';
import type { AgentHostSession, HostPurpose, HostSessionOptions } from './host-session.js';
import { openSessionOversight } from './session-oversight.js';
import { openWithResources } from './session-resources.js';

const NO_TOOLS: ToolProvider = { list: () => [], get: () => undefined };

/** The front door's `agent` purpose (see `openHostSession`): loaded only when a host runs an agent. */
export async function openAgentHostSession(
  settings: SessionSettings,
  options: HostSessionOptions<Extract<HostPurpose, { readonly kind: 'agent' }>>,
): Promise<AgentHostSession> {
  const { purpose, env, notice } = options;
  const mode = options.mode ?? (() => settings.mode);
  // Throws ModelConfigError when no usable model is configured.
  const { model, spec } = await selectModel({
    model: purpose.model,
    baseURL: purpose.baseURL,
    env,
    config: settings.config,
  });
  const delegates = await resolveAgentDefinitions({
    agents: settings.config.agents,
    files: settings.agentFiles,
    env,
    baseURL: purpose.baseURL,
    config: settings.config,
  });
  // Opened before anything runs: a stored session that cannot be continued stops here.
  const record: OpenedSessionRecord | undefined = options.store
    ? await openSessionRecord(settings, options.store, options.sessionId, notice)
    : undefined;
  const sessionId = record?.recorder.id ?? options.sessionId;
  return openWithResources(async (resources) => {
    const oversight = await openSessionOversight(settings, resources, {
      answeredBy: options.answeredBy,
      notice,
      ...(sessionId === undefined ? {} : { sessionId }),
    });
    let top: SessionToolSet | undefined;
    const agent = createSessionAgent(settings, {
      model,
      delegates,
      notice,
      ...(oversight ? { before: oversight.before } : {}),
      ...(options.after ? { after: options.after } : {}),
      ...(purpose.maxSteps === undefined ? {} : { maxSteps: purpose.maxSteps }),
      ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
      ...(options.mcpStderr ? { mcpStderr: options.mcpStderr } : {}),
      approval: {
        get mode() {
          return mode();
        },
        ...(options.approver ? { approver: options.approver } : {}),
      },
      onTools: (tools) => {
        top = tools;
      },
    });
    const session = await agent.createSession(
      record ? { history: record.opened?.messages ?? [], memory: record.memory } : {},
    );
    resources.defer(() => session.close());
    let pendingRewind = record?.opened?.pendingRewind;
    let liveTurns = record?.opened?.turns.map((turn) => turn.turn) ?? [];
    /** The turn, recorded when it ends: its messages as the model saw them, the mode, the approvals. */
    const recorded = (input: string, promptOptions: Parameters<typeof session.prompt>[1]) => {
      if (!record) return session.prompt(input, promptOptions);
      const { recorder, memory } = record;
      const note = pendingRewind ? rewindNote(pendingRewind.before, pendingRewind.code) : '';
      const turn = session.prompt(`${note}${input}`, promptOptions);
      pendingRewind = undefined;
      const begun = recorder.beginTurn(input);
      const presented = new Map<string, ToolCallPresentation>();
      const calls: StoredCall[] = [];
      const hear = (event: AgentEvent) => {
        if (event.type === 'tool-call') presented.set(event.call.id, event.presentation);
        if (event.type !== 'tool-result') return;
        const { call, result } = event;
        const presentation = presented.get(call.id);
        calls.push({
          id: call.id,
          name: call.name,
          status: result.status,
          title: presentation?.title ?? call.name,
          kind: presentation?.kind ?? 'other',
          locations: presentation?.locations ?? [],
        });
      };
      return recordedTurn(turn, hear, async (result) => {
        try {
          await begun.written;
          await recorder.endTurn(begun.turn, {
            input,
            messages: turnMessages(session.history()),
            calls,
            stopReason: result.stopReason,
            usage: result.usage,
            model: `${spec.provider}:${spec.modelId}`,
            mode: mode(),
            settings: settingsDigest(settings),
            memory: memory.entries(),
          });
          liveTurns = [...liveTurns, begun.turn];
        } catch (error) {
          notice(
            `session ${recorder.id}: turn ${begun.turn} was not recorded: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      });
    };
    return {
      settings,
      get tools() {
        return top?.provider ?? NO_TOOLS;
      },
      prompt: (input, promptOptions) => {
        const turn = recorded(input, promptOptions);
        return oversight ? auditedTurn(turn, oversight.onEvent) : turn;
      },
      history: () => session.history(),
      stored: record && {
        id: record.recorder.id,
        directory: record.recorder.directory,
        get nextTurn() {
          return record.recorder.nextTurn;
        },
        turns: () => liveTurns,
        opened: record.opened,
      },
      async rewind(before, { code }) {
        if (!record)
          throw new InvalidOptionsError('This session is not recorded: there is no turn to rewind to.');
        // Checked before anything is written: the agent refuses while a turn runs.
        session.replaceHistory(session.history());
        await record.store.rewind(record.recorder.id, { before, code });
        const { conversation } = await record.store.read(record.recorder.id);
        session.replaceHistory(conversation.messages);
        liveTurns = conversation.turns.map((turn) => turn.turn);
        pendingRewind = { before, code };
      },
      mcpStatus: () => top?.mcp?.statusLines() ?? [],
      mcpReady: top?.mcp?.ready ?? Promise.resolve(),
      close: async () => {
        await resources.close();
        return { stoppedProcesses: 0 };
      },
    };
  });
}
