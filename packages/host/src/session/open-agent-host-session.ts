import type { PromptOptions } from '@toolgate/agent';
import type { ToolProvider } from '@toolgate/core';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import { checkpointExclusion } from '../checkpoints/checkpoint-exclusion.js';
import { createTurnCheckpoints } from '../checkpoints/turn-checkpoints.js';
import { sessionBudgetDecorators } from '../budgets/session-budget-decorators.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { addedContext, hookedTurn } from '../hooks/hooked-turn.js';
import { selectModel } from '../model/select-model.js';
import { switchableModel } from '../model/switchable-model.js';
import { openSessionSpill } from '../spill/session-spill.js';
import { createLastingAlways } from '../permissions/create-lasting-always.js';
import { auditedTurn } from './audited-turn.js';
import { createSessionAgent } from './create-session-agent.js';
import type { SessionToolSet } from './create-session-tools.js';
import type { AgentHostSession, HostPurpose, HostSessionOptions } from './host-session.js';
import { sessionMode } from './session-mode.js';
import { openSessionOversight } from './session-oversight.js';
import { openWithResources } from './session-resources.js';

const NO_TOOLS: ToolProvider = { list: () => [], get: () => undefined };

/** The front door's `agent` purpose (see `openHostSession`): loaded only when a host runs an agent. */
export async function openAgentHostSession(
  settings: SessionSettings,
  options: HostSessionOptions<Extract<HostPurpose, { readonly kind: 'agent' }>>,
): Promise<AgentHostSession> {
  const { purpose, env, notice } = options;
  const mode = sessionMode(settings, options.mode);
  // Throws ModelConfigError when no usable model is configured.
  const flags = purpose.modelFlags === undefined ? {} : { flags: purpose.modelFlags };
  const selected = await selectModel({
    model: purpose.model,
    baseURL: purpose.baseURL,
    env,
    config: settings.config,
    ...flags,
  });
  const current = switchableModel(selected.model);
  let spec = `${selected.spec.provider}:${selected.spec.modelId}`;
  const delegates = await resolveAgentDefinitions({
    agents: settings.config.agents,
    files: settings.agentFiles,
    env,
    baseURL: purpose.baseURL,
    config: settings.config,
  });
  // An agent's session starts the MCP servers: say why the workspace's do not.
  if (settings.mcpWithheld !== undefined) notice(settings.mcpWithheld);
  const lasting = createLastingAlways(settings, options.approver, notice);
  return openWithResources(async (resources) => {
    const oversight = await openSessionOversight(settings, resources, {
      answeredBy: options.answeredBy,
      notice,
      mode,
      ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    });
    const hooks = oversight?.hooks;
    // What the sessionStart hooks add reaches the model in the system prompt.
    const started = hooks?.has('sessionStart')
      ? await hooks.run('sessionStart', { source: 'startup' }, { subject: 'startup' })
      : [];
    for (const { hook, failed } of started)
      if (failed !== undefined)
        notice(`toolgate: the sessionStart hook ${JSON.stringify(hook.command)} failed: ${failed}`);
    const context = addedContext(started);
    const approver = oversight ? oversight.wrapApprover(lasting.approver) : lasting.approver;
    let top: SessionToolSet | undefined;
    const turns = options.checkpoints ? createTurnCheckpoints(notice) : undefined;
    // Closed after the agent session, so a turn it interrupts still records its changes.
    if (turns) resources.defer(() => turns.close());
    const agent = createSessionAgent(
      { ...settings, rules: lasting.rules },
      {
        model: current.model,
        delegates,
        notice,
        spill: openSessionSpill(settings.config, env, options.sessionId),
        before: [...sessionBudgetDecorators(settings.config), ...(oversight?.before ?? [])],
        after: [...(turns ? [turns.gate] : []), ...(oversight?.after ?? []), ...(options.after ?? [])],
        ...(oversight ? { onEvent: oversight.onEvent } : {}),
        ...(context.length > 0 ? { instructions: context.join('\n\n') } : {}),
        ...(purpose.maxSteps === undefined ? {} : { maxSteps: purpose.maxSteps }),
        ...(options.leavePlanMode ? { leavePlanMode: options.leavePlanMode } : {}),
        ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
        ...(options.mcpStderr ? { mcpStderr: options.mcpStderr } : {}),
        ...(options.clientFiles ? { clientFiles: options.clientFiles } : {}),
        ...(options.clientTerminals ? { clientTerminals: options.clientTerminals } : {}),
        ...(options.onToolOutput ? { onToolOutput: options.onToolOutput } : {}),
        approval: {
          get mode() {
            return mode();
          },
          ...(approver ? { approver } : {}),
        },
        onTools: (tools) => {
          top = tools;
        },
      },
    );
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
    // Closed first: the sessionEnd hooks run while the session's tools still exist.
    if (hooks?.has('sessionEnd')) resources.defer(() => hooks.notify('sessionEnd', { reason: 'other' }));
    const prompted =
      hooks && (hooks.has('userPromptSubmit') || hooks.has('stop'))
        ? (input: string, promptOptions?: PromptOptions) =>
            hookedTurn(hooks, (text, more) => session.prompt(text, more), input, promptOptions, notice)
        : (input: string, promptOptions?: PromptOptions) => session.prompt(input, promptOptions);
    return {
      settings,
      get tools() {
        return top?.provider ?? NO_TOOLS;
      },
      prompt: (input, promptOptions) => {
        oversight?.startTurn();
        const running = prompted(input, promptOptions);
        const turn = turns ? turns.around(running) : running;
        return oversight ? auditedTurn(turn, oversight.onEvent) : turn;
      },
      history: () => session.history(),
      get checkpoints() {
        return turns?.checkpoints;
      },
      model: () => spec,
      setModel: async (next) => {
        const chosen = await selectModel({
          model: next,
          baseURL: purpose.baseURL,
          env,
          config: settings.config,
          ...flags,
        });
        current.switchTo(chosen.model);
        spec = `${chosen.spec.provider}:${chosen.spec.modelId}`;
      },
      clear: () => session.clear(),
      permissions: lasting.permissions,
      mcpStatus: () => top?.mcp?.statusLines() ?? [],
      mcpReady: top?.mcp?.ready ?? Promise.resolve(),
      close: async () => {
        await resources.close();
        return { stoppedProcesses: 0 };
      },
    };
  });
}
