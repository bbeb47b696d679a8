import type { ApprovalMode } from '@toolgate/core';
import { managedSource } from '../config/load-managed-policy.js';
import { describeDistrust, trustCommandFor } from '../config/workspace-trust.js';
import type { AgentHostSession } from './host-session.js';

/** One line of a session's status: what it is about (`model`) and what it says. */
export interface SessionStatusLine {
  readonly label: string;
  readonly value: string;
}

const count = (tokens: number) => tokens.toLocaleString('en-US');

function describeMode(session: AgentHostSession, asked: ApprovalMode): string {
  const mode = session.mode();
  const floor = session.settings.managed.leastStrictApproval;
  if (mode === asked || floor === undefined) return mode;
  return `${mode} (${asked} was asked for; nothing looser than ${floor.mode} runs under the ${managedSource(floor.file)})`;
}

function describeWorkspace(session: AgentHostSession): string {
  const { root, trust, realRoot } = session.settings;
  if (trust.state === 'trusted') return `${root} (trusted)`;
  return `${root} (${describeDistrust(trust)}: its own looser settings, hooks, MCP servers and agents are not used; \`${trustCommandFor(realRoot)}\` trusts it)`;
}

function describeSandbox(session: AgentHostSession): string {
  const { sandbox } = session.settings;
  const network = sandbox.allowlist
    ? `network only to ${sandbox.allowlist.allow.join(', ')}`
    : sandbox.network
      ? 'network on'
      : 'network off';
  if (sandbox.container) return `container, ${sandbox.mode ?? 'workspace-write'}, ${network}`;
  if (sandbox.mode === 'danger-full-access') return 'none (danger-full-access): bash runs unconfined';
  const where =
    sandbox.mode === undefined
      ? sandbox.requiredBy === undefined
        ? 'bubblewrap, workspace-write where bubblewrap works here (else bash runs unconfined)'
        : 'bubblewrap, workspace-write'
      : `bubblewrap, ${sandbox.mode}`;
  return `${where}, ${network}`;
}

function describeContext(session: AgentHostSession): string {
  const { promptTokens, contextWindow, compactsAt } = session.usage();
  if (contextWindow === undefined || compactsAt === undefined)
    return `about ${count(promptTokens)} tokens; the model's window is unknown (set limits.contextWindow), so only the provider's context-length error compacts`;
  const left = Math.max(0, contextWindow - promptTokens);
  return `about ${count(promptTokens)} of ${count(contextWindow)} tokens, ${count(left)} left (${Math.floor((left / contextWindow) * 100)}%); the earlier turns are compacted above ${count(compactsAt)}`;
}

/**
 * What `/status` shows of an agent session, a line each (the interactive agent's and
 * toolgate-acp's): the model, the approval mode calls run in (with the managed floor that holds
 * it, when `asked`, the host's mode, is looser), the session's id, the workspace and its trust,
 * the sandbox, the tokens its turns spent and how full the context is, estimated as compaction
 * estimates it.
 */
export function describeSessionStatus(
  session: AgentHostSession,
  asked: ApprovalMode,
): readonly SessionStatusLine[] {
  const { tokens } = session.usage();
  return [
    { label: 'model', value: session.model() },
    { label: 'approval', value: describeMode(session, asked) },
    { label: 'session', value: session.stored ? session.stored.id : 'not recorded' },
    { label: 'workspace', value: describeWorkspace(session) },
    { label: 'sandbox', value: describeSandbox(session) },
    {
      label: 'tokens',
      value: `${count(tokens.inputTokens)} in, ${count(tokens.outputTokens)} out, this session`,
    },
    { label: 'context', value: describeContext(session) },
  ];
}
