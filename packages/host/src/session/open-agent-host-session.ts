import type { PromptOptions } from '@toolgate/agent';
import type { ToolProvider } from '@toolgate/core';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import { sessionBudgetDecorators } from '../budgets/session-budget-decorators.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { addedContext, hookedTurn } from '../hooks/hooked-turn.js';
import { selectModel } from '../model/select-model.js';
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
    const approver = oversight ? oversight.wrapApprover(options.approver) : options.approver;
    let top: SessionToolSet | undefined;
    const agent = createSessionAgent(settings, {
      model,
      delegates,
      notice,
      before: [...sessionBudgetDecorators(settings.config), ...(oversight?.before ?? [])],
      after: [...(oversight?.after ?? []), ...(options.after ?? [])],
      ...(context.length > 0 ? { instructions: context.join('\n\n') } : {}),
      ...(purpose.maxSteps === undefined ? {} : { maxSteps: purpose.maxSteps }),
      ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
      ...(options.mcpStderr ? { mcpStderr: options.mcpStderr } : {}),
      approval: {
        get mode() {
          return mode();
        },
        ...(approver ? { approver } : {}),
      },
      onTools: (tools) => {
        top = tools;
      },
    });
    const session = await agent.createSession();
    resources.defer(() => session.close());
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
        const turn = prompted(input, promptOptions);
        return oversight ? auditedTurn(turn, oversight.onEvent) : turn;
      },
      history: () => session.history(),
      mcpStatus: () => top?.mcp?.statusLines() ?? [],
      mcpReady: top?.mcp?.ready ?? Promise.resolve(),
      close: async () => {
        await resources.close();
        return { stoppedProcesses: 0 };
      },
    };
  });
}
