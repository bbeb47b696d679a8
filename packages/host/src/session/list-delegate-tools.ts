import { delegateToolSpec } from '@toolgate/agent/definitions';
import type { ApprovalSubject } from '@toolgate/core';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';

/** The `delegate_<name>` tools an agent of these settings would offer, for a listing (no model is built). */
export async function listDelegateTools(
  settings: SessionSettings,
  env: Readonly<Record<string, string | undefined>>,
): Promise<readonly ApprovalSubject[]> {
  const agents = await resolveAgentDefinitions({
    agents: settings.config.agents,
    files: settings.agentFiles,
    env,
    skipModels: true,
  });
  return agents.map((agent) => delegateToolSpec(agent));
}
