import type { Approver } from '@toolgate/core';
import type { AuditedEvent } from '../audit/create-audit-log.js';
import { networkRefusalAuditor } from '../audit/network-refusal-auditor.js';
import { sessionBudgetDecorators } from '../budgets/session-budget-decorators.js';
import { managedMcpRefusal } from '../config/managed-limits.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { createLastingAlways } from '../permissions/create-lasting-always.js';
import { openSessionSpill } from '../spill/session-spill.js';
import { builtInToolDeclaration } from './create-built-in-tools.js';
import { createSessionSurface } from './create-session-surface.js';
import type { SessionToolsOptions } from './create-session-tools.js';
import type {
  AgentHostSession,
  HostPurpose,
  HostSession,
  HostSessionOptions,
  ToolHostSession,
} from './host-session.js';
import { sessionMode } from './session-mode.js';
import { openSessionOversight } from './session-oversight.js';
import { openWithResources } from './session-resources.js';

type ToolPurpose = Exclude<HostPurpose, { readonly kind: 'agent' }>;

/** Which tools load, whether the sandbox opens and the MCP servers start, for what the session is for. */
function toolsFor(
  purpose: ToolPurpose,
  settings: SessionSettings,
  notice: (line: string) => void,
  onEvent: ((event: AuditedEvent) => void) | undefined,
): Pick<SessionToolsOptions, 'builtIns' | 'sandbox' | 'loadMcp'> {
  const sandbox = {
    ...settings.sandbox,
    notice,
    ...(onEvent ? { onNetworkRefusal: networkRefusalAuditor(onEvent) } : {}),
  };
  if (purpose.kind === 'serve') return { sandbox };
  if (purpose.kind === 'list') return { sandbox: 'unconfined' };
  const { tool } = purpose;
  const config = settings.config.tools;
  // A built-in that a tool module replaces is that module's tool: it is judged as one.
  const declared = config?.replace?.[tool] === undefined ? builtInToolDeclaration(tool) : undefined;
  const withModules = config?.modules !== undefined || config?.replace !== undefined;
  // A tool the session has without MCP never waits on the servers; any other name may be theirs.
  const loadMcp: SessionToolsOptions['loadMcp'] = (local) => local.get(tool) === undefined;
  // One built-in loads only its package; any other name loads them all (an unknown name is
  // answered with the whole surface, a module's tool may replace a built-in).
  const builtIns = declared ? { builtIns: [tool] } : {};
  // Explaining runs nothing; a call is confined when its tool declares it runs commands, or may
  // (a tool module's tool gets the session's sandbox).
  const confined = purpose.kind === 'call' && (declared ? declared.runsCommands : withModules);
  return { ...builtIns, loadMcp, sandbox: confined ? sandbox : 'unconfined' };
}

async function openToolHostSession(
  settings: SessionSettings,
  options: HostSessionOptions<ToolPurpose>,
): Promise<ToolHostSession> {
  const { purpose, notice } = options;
  const mode = sessionMode(settings, options.mode);
  // "Always for this project" is offered where the question is; an explanation asks no one.
  const lasting =
    purpose.kind === 'call'
      ? createLastingAlways(settings, options.approver, notice)
      : { approver: options.approver, rules: settings.rules };
  return openWithResources(async (resources) => {
    // Hooks and the audit log watch what runs; explaining and listing run nothing.
    const runs = purpose.kind === 'call' || purpose.kind === 'serve';
    const oversight = runs
      ? await openSessionOversight(settings, resources, {
          answeredBy: options.answeredBy,
          notice,
          mode,
          ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
        })
      : undefined;
    const wrap = (approver: Approver | undefined) =>
      oversight ? oversight.wrapApprover(approver) : approver;
    const approver = wrap(lasting.approver);
    const session = await createSessionSurface({
      root: settings.root,
      config: settings.config,
      ...toolsFor(purpose, settings, notice, oversight?.onEvent),
      ...(settings.hiddenTools ? { hiddenTools: settings.hiddenTools } : {}),
      ...(settings.checkRuleTools ? { checkToolNames: settings.checkRuleTools } : {}),
      readPolicy: settings.readPolicy,
      unreachablePaths: settings.unreachablePaths,
      // A listing runs nothing, so nothing spills: it names no spill directory, which would take a
      // fresh session id (loading node:crypto, about a quarter of a listing's start over Node's).
      ...(purpose.kind === 'list'
        ? {}
        : { spill: openSessionSpill(settings.config, options.env, options.sessionId) }),
      ...(settings.mcpConfigFile ? { mcpConfigFile: settings.mcpConfigFile } : {}),
      ...(settings.mcpWithheld === undefined ? {} : { onMcpWithheld: () => notice(settings.mcpWithheld!) }),
      ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
      refuseMcpServer: (name, server) => managedMcpRefusal(settings.managed, name, server),
      ...(options.mcpStderr ? { mcpStderr: options.mcpStderr } : {}),
      env: options.env,
      ...(options.mcpElicit ? { mcpElicit: options.mcpElicit } : {}),
      ...(options.onMcpToolsChanged ? { onMcpToolsChanged: options.onMcpToolsChanged } : {}),
      ...(options.clientFiles ? { clientFiles: options.clientFiles } : {}),
      ...(options.clientTerminals ? { clientTerminals: options.clientTerminals } : {}),
      ...(options.onToolOutput ? { onToolOutput: options.onToolOutput } : {}),
      // A server serves the built-ins at once; its MCP servers' tools join as each connects.
      waitForMcpServers: purpose.kind !== 'serve',
      mode,
      ...(approver ? { approver } : {}),
      ...(lasting.rules ? { rules: lasting.rules } : {}),
      ...(oversight ? { onEvent: oversight.onEvent } : {}),
      before: [...sessionBudgetDecorators(settings.config), ...(oversight?.before ?? [])],
      after: [...(oversight?.after ?? []), ...(options.after ?? [])],
      explain: purpose.kind === 'explain',
    });
    let stoppedProcesses = 0;
    resources.defer(async () => {
      stoppedProcesses = await session.close();
    });
    const delegates =
      purpose.kind === 'list'
        ? await (await import('./list-delegate-tools.js')).listDelegateTools(settings, options.env)
        : [];
    return {
      settings,
      tools: session.tools,
      surface: session.surface,
      withApprover: (other) => session.withApprover(wrap(other)),
      delegates,
      mcpStatus: () => session.mcp?.statusLines() ?? [],
      mcpReady: session.mcp?.ready ?? Promise.resolve(),
      close: async () => {
        await resources.close();
        return { stoppedProcesses };
      },
    };
  });
}

/**
 * The front door: opens one session of a host from its settings (`resolveSessionSettings`) and
 * purpose. It composes everything a session has, so each host gets the same: the permission
 * rules and approval (fail closed without an approver), hooks, the audit log (which hears the
 * session's events itself), the built-in tools and the config's tool modules, the MCP servers, the
 * sandbox, and for an agent the model, AGENTS.md and the delegates. What it opens is released by
 * `close`, in reverse order, once; when opening fails half-way, what was opened so far is released
 * before the error is thrown. Throws `ConfigError`, `ModelConfigError`, `AgentDefinitionError` and
 * `SandboxRequiredError` as their sources do.
 */
export async function openHostSession<Purpose extends HostPurpose>(
  settings: SessionSettings,
  options: HostSessionOptions<Purpose>,
): Promise<HostSession<Purpose>> {
  if (options.purpose.kind === 'agent') {
    // The agent, the AI SDK and the providers load only for an agent.
    const { openAgentHostSession } = await import('./open-agent-host-session.js');
    const session: AgentHostSession = await openAgentHostSession(
      settings,
      options as HostSessionOptions<Extract<HostPurpose, { readonly kind: 'agent' }>>,
    );
    return session as HostSession<Purpose>;
  }
  const session: ToolHostSession = await openToolHostSession(
    settings,
    options as HostSessionOptions<ToolPurpose>,
  );
  return session as HostSession<Purpose>;
}
