import type { ToolProvider } from '@toolgate/core';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import { checkpointExclusion } from '../checkpoints/checkpoint-exclusion.js';
import { createTurnCheckpoints } from '../checkpoints/turn-checkpoints.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { selectModel } from '../model/select-model.js';
import { openSessionSpill } from '../spill/session-spill.js';
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
  const { model } = await selectModel({
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
    const oversight = await openSessionOversight(settings, resources, {
      answeredBy: options.answeredBy,
      notice,
      ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    });
    let top: SessionToolSet | undefined;
    const turns = options.checkpoints ? createTurnCheckpoints(notice) : undefined;
    // Closed after the agent session, so a turn it interrupts still records its changes.
    if (turns) resources.defer(() => turns.close());
    const after = [...(turns ? [turns.gate] : []), ...(options.after ?? [])];
    const agent = createSessionAgent(settings, {
      model,
      delegates,
      notice,
      spill: openSessionSpill(settings.config, env, options.sessionId),
      ...(oversight ? { before: oversight.before } : {}),
      ...(after.length > 0 ? { after } : {}),
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
    const session = await agent.createSession();
    resources.defer(() => session.close());
    if (turns && options.checkpoints && top) {
      const { openCheckpoints } = await import('@toolgate/checkpoints');
      const checkpoints = await openCheckpoints({
        workspaceRoot: top.workspace.root,
        directory: options.checkpoints.directory,
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
        const started = session.prompt(input, promptOptions);
        const turn = turns ? turns.around(started) : started;
        return oversight ? auditedTurn(turn, oversight.onEvent) : turn;
      },
      history: () => session.history(),
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
