import { InvalidOptionsError, type ToolProvider } from '@toolgate/core';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { modelContextWindow } from '../model/model-context-window.js';
import { selectModel } from '../model/select-model.js';
import { type OpenedSessionRecord, openSessionRecord } from '../session-store/open-session-record.js';
import { recordAgentSession } from '../session-store/recorded-agent-session.js';
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
    const agent = createSessionAgent(settings, {
      model,
      delegates,
      notice,
      ...(oversight ? { before: oversight.before } : {}),
      ...(options.after ? { after: options.after } : {}),
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
    return {
      settings,
      get tools() {
        return top?.provider ?? NO_TOOLS;
      },
      prompt: (input, promptOptions) => {
        const turn = recorded ? recorded.prompt(input, promptOptions) : session.prompt(input, promptOptions);
        return oversight ? auditedTurn(turn, oversight.onEvent) : turn;
      },
      history: () => session.history(),
      stored: recorded?.stored,
      async rewind(before, rewindOptions) {
        if (!recorded)
          throw new InvalidOptionsError('This session is not recorded: there is no turn to rewind to.');
        await recorded.rewind(before, rewindOptions);
      },
      compact: (compactOptions) =>
        recorded ? recorded.compact(compactOptions) : session.compact(compactOptions),
      mcpStatus: () => top?.mcp?.statusLines() ?? [],
      mcpReady: top?.mcp?.ready ?? Promise.resolve(),
      close: async () => {
        await resources.close();
        return { stoppedProcesses: 0 };
      },
    };
  });
}
