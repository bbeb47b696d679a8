import { join } from 'node:path';
import type { PromptOptions } from '@toolgate/agent';
import { InvalidOptionsError, type ToolProvider } from '@toolgate/core';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import { sessionBudgetDecorators } from '../budgets/session-budget-decorators.js';
import { checkpointExclusion } from '../checkpoints/checkpoint-exclusion.js';
import { createTurnCheckpoints } from '../checkpoints/turn-checkpoints.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { addedContext, hookedTurn } from '../hooks/hooked-turn.js';
import { modelContextWindow } from '../model/model-context-window.js';
import { selectModel } from '../model/select-model.js';
import { switchableModel } from '../model/switchable-model.js';
import { createLastingAlways } from '../permissions/create-lasting-always.js';
import { type OpenedSessionRecord, openSessionRecord } from '../session-store/open-session-record.js';
import { recordAgentSession } from '../session-store/recorded-agent-session.js';
import { rewindRecordedSession } from '../session-store/rewind-recorded-session.js';
import { openSessionSpill } from '../spill/session-spill.js';
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
  // The model's window, for compaction and /status: the switched model's after setModel.
  let window = modelContextWindow(selected.spec, settings.config.limits?.contextWindow);
  const delegates = await resolveAgentDefinitions({
    agents: settings.config.agents,
    files: settings.agentFiles,
    env,
    baseURL: purpose.baseURL,
    config: settings.config,
  });
  // An agent's session starts the MCP servers: say why the workspace's do not.
  if (settings.mcpWithheld !== undefined) notice(settings.mcpWithheld);
  // And the commands a host offers (from its prompt line): why the workspace's are not among them.
  if (settings.commandsWithheld !== undefined) notice(settings.commandsWithheld);
  const lasting = createLastingAlways(settings, options.approver, notice);
  return openWithResources(async (resources) => {
    // Opened before anything runs: a stored session that cannot be continued stops here.
    const record: OpenedSessionRecord | undefined = options.store
      ? await openSessionRecord(settings, options.store, options.sessionId, notice)
      : undefined;
    if (record) resources.defer(() => record.recorder.release());
    // A session closed before its first turn still prunes the store; a turn's pass is awaited.
    if (record) resources.defer(() => record.prune());
    const sessionId = record?.recorder.id ?? options.sessionId;
    const oversight = await openSessionOversight(settings, resources, {
      answeredBy: options.answeredBy,
      notice,
      mode,
      ...(sessionId === undefined ? {} : { sessionId }),
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
    // A recorded session keeps its checkpoints beside its log.
    const checkpointsDirectory =
      options.checkpoints?.directory ?? (record ? join(record.recorder.directory, 'checkpoints') : undefined);
    // A userPromptSubmit hook runs in the turn before its request: its writes stay the turn's.
    const firstAfterAnswer = options.promptsAtOnce === true && hooks?.has('userPromptSubmit') !== true;
    const turns = checkpointsDirectory ? createTurnCheckpoints(notice, { firstAfterAnswer }) : undefined;
    // Closed after the agent session, so a turn it interrupts still records its changes.
    if (turns) resources.defer(() => turns.close());
    const agent = createSessionAgent(
      { ...settings, rules: lasting.rules },
      {
        // A first turn's checkpoint that waits for its request's answer hears of it here.
        model: turns && firstAfterAnswer ? turns.watch(current.model) : current.model,
        delegates,
        notice,
        spill: openSessionSpill(settings.config, env, sessionId),
        before: [...sessionBudgetDecorators(settings.config), ...(oversight?.before ?? [])],
        after: [...(turns ? [turns.gate] : []), ...(oversight?.after ?? []), ...(options.after ?? [])],
        ...(oversight ? { onEvent: oversight.onEvent } : {}),
        ...(context.length > 0 ? { instructions: context.join('\n\n') } : {}),
        ...(purpose.maxSteps === undefined ? {} : { maxSteps: purpose.maxSteps }),
        contextWindow: () => window,
        // The agent's own compaction near the window: the preCompact hooks hear it (matcher `auto`).
        ...(hooks?.has('preCompact')
          ? {
              beforeCompaction: () =>
                hooks.notify('preCompact', { trigger: 'auto', custom_instructions: '' }, 'auto'),
            }
          : {}),
        ...(options.leavePlanMode ? { leavePlanMode: options.leavePlanMode } : {}),
        ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
        ...(options.mcpStderr ? { mcpStderr: options.mcpStderr } : {}),
        ...(options.mcpElicit ? { mcpElicit: options.mcpElicit } : {}),
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
    const session = await agent.createSession(
      record ? { history: record.opened?.messages ?? [], memory: record.memory } : {},
    );
    resources.defer(() => session.close());
    const recorded =
      record &&
      recordAgentSession(session, record, {
        settings,
        model: spec,
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
      // types; the first turn's tools wait for it. A host that prompts at once (`toolgate run`)
      // leaves it to the first turn's checkpoint, taken once the first request was answered.
      if (options.promptsAtOnce !== true)
        checkpoints.start().catch((error: unknown) => {
          notice(
            `checkpoints: could not look at the workspace: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
    }
    // A recorded session's turns go through its record.
    const begin = (input: string, promptOptions?: PromptOptions) =>
      recorded ? recorded.prompt(input, promptOptions) : session.prompt(input, promptOptions);
    // Closed first: the sessionEnd hooks run while the session's tools still exist.
    if (hooks?.has('sessionEnd')) resources.defer(() => hooks.notify('sessionEnd', { reason: 'other' }));
    const prompted =
      hooks && (hooks.has('userPromptSubmit') || hooks.has('stop'))
        ? (input: string, promptOptions?: PromptOptions) =>
            hookedTurn(hooks, begin, input, promptOptions, notice)
        : begin;
    return {
      settings,
      get tools() {
        return top?.provider ?? NO_TOOLS;
      },
      prompt: (input, promptOptions) => {
        oversight?.startTurn();
        // A recorded session's turn number is the store's, and its checkpoint is taken under it.
        const number = recorded?.stored.nextTurn;
        const running = prompted(input, promptOptions);
        const turn = turns ? turns.around(running, number) : running;
        return oversight ? auditedTurn(turn, oversight.onEvent) : turn;
      },
      history: () => session.history(),
      stored: recorded?.stored,
      async rewind(before, scope) {
        if (!recorded)
          throw new InvalidOptionsError('This session is not recorded: there is no turn to rewind to.');
        return rewindRecordedSession(recorded, turns?.checkpoints, before, scope);
      },
      compact: async (compactOptions) => {
        // The person's /compact: the preCompact hooks hear it first (matcher `manual`).
        if (hooks?.has('preCompact'))
          await hooks.notify('preCompact', { trigger: 'manual', custom_instructions: '' }, 'manual');
        return recorded ? recorded.compact(compactOptions) : session.compact(compactOptions);
      },
      get checkpoints() {
        return turns?.checkpoints;
      },
      model: () => spec,
      mode,
      usage: () => session.usage(),
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
        window = modelContextWindow(chosen.spec, settings.config.limits?.contextWindow);
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
