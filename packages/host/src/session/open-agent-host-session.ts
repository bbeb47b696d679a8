import { join } from 'node:path';
import { InvalidOptionsError, type ToolProvider } from '@toolgate/core';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import { checkpointExclusion } from '../checkpoints/checkpoint-exclusion.js';
import { createTurnCheckpoints } from '../checkpoints/turn-checkpoints.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { modelContextWindow } from '../model/model-context-window.js';
import { selectModel } from '../model/select-model.js';
import { type OpenedSessionRecord, openSessionRecord } from '../session-store/open-session-record.js';
import { recordAgentSession } from '../session-store/recorded-agent-session.js';
import { rewindRecordedSession } from '../session-store/rewind-recorded-session.js';
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
  // An agent's session starts the MCP servers: say why the workspace's do not.
  if (settings.mcpWithheld !== undefined) notice(settings.mcpWithheld);
  return openWithResources(async (resources) => {
    // Opened before anything runs: a stored session that cannot be continued stops here.
    const record: OpenedSessionRecord | undefined = options.store
      ? await openSessionRecord(settings, options.store, options.sessionId, notice)
      : undefined;
    if (record) resources.defer(() => record.recorder.release());
    const sessionId = record?.recorder.id ?? options.sessionId;
    const oversight = await openSessionOversight(settings, resources, {
      answeredBy: options.answeredBy,
      notice,
      ...(sessionId === undefined ? {} : { sessionId }),
    });
    let top: SessionToolSet | undefined;
    // A recorded session keeps its checkpoints beside its log.
    const checkpointsDirectory =
      options.checkpoints?.directory ?? (record ? join(record.recorder.directory, 'checkpoints') : undefined);
    const turns = checkpointsDirectory ? createTurnCheckpoints(notice) : undefined;
    // Closed after the agent session, so a turn it interrupts still records its changes.
    if (turns) resources.defer(() => turns.close());
    const after = [...(turns ? [turns.gate] : []), ...(options.after ?? [])];
    const agent = createSessionAgent(settings, {
      model,
      delegates,
      notice,
      ...(oversight ? { before: oversight.before } : {}),
      ...(after.length > 0 ? { after } : {}),
      ...(purpose.maxSteps === undefined ? {} : { maxSteps: purpose.maxSteps }),
      contextWindow: modelContextWindow(spec, settings.config.limits?.contextWindow),
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
    const recorded =
      record &&
      recordAgentSession(session, record, {
        settings,
        model: `${spec.provider}:${spec.modelId}`,
        mode,
        notice,
      });
    if (turns && checkpointsDirectory && top) {
      const { openCheckpoints } = await import('@toolgate/checkpoints');
      const checkpoints = await openCheckpoints({
        workspaceRoot: top.workspace.root,
        directory: checkpointsDirectory,
        exclude: checkpointExclusion(top.workspace),
      });
      turns.attach(checkpoints);
      // The first look at the tree (a new store copies every tracked file) runs while the person
      // types; the first turn's tools wait for it.
      checkpoints.start().catch((error: unknown) => {
        notice(
          `checkpoints: could not look at the workspace: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
    return {
      settings,
      get tools() {
        return top?.provider ?? NO_TOOLS;
      },
      prompt: (input, promptOptions) => {
        // A recorded session's turn number is the store's, and its checkpoint is taken under it.
        const number = recorded?.stored.nextTurn;
        const started = recorded
          ? recorded.prompt(input, promptOptions)
          : session.prompt(input, promptOptions);
        const turn = turns ? turns.around(started, number) : started;
        return oversight ? auditedTurn(turn, oversight.onEvent) : turn;
      },
      history: () => session.history(),
      stored: recorded?.stored,
      async rewind(before, scope) {
        if (!recorded)
          throw new InvalidOptionsError('This session is not recorded: there is no turn to rewind to.');
        return rewindRecordedSession(recorded, turns?.checkpoints, before, scope);
      },
      compact: (compactOptions) =>
        recorded ? recorded.compact(compactOptions) : session.compact(compactOptions),
      get checkpoints() {
        return turns?.checkpoints;
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
