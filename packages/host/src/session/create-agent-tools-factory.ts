import type { SessionTools, SessionToolsContext, SessionToolsFactory } from '@toolgate/agent';
import { createSessionTools, type SessionToolSet, type SessionToolsOptions } from './create-session-tools.js';

/** Options of {@link createAgentToolsFactory}. */
export interface AgentToolsFactoryOptions extends SessionToolsOptions {
  /** Called with every session's tools once they exist (the top session's workspace for AGENTS.md, …). @default nothing */
  readonly onOpen?: (tools: SessionToolSet, context: SessionToolsContext) => void;
}

const quiet = () => {};

/** Where a child's bash runs: read-only children in a read-only sandbox, others as the parent's. */
function childSandbox(
  options: SessionToolsOptions,
  parent: SessionToolSet,
  readOnly: boolean,
): SessionToolsOptions['sandbox'] {
  if (options.sandbox === 'unconfined') return 'unconfined';
  // The parent already told the person when bubblewrap cannot run.
  const settings = { ...options.sandbox, notice: quiet };
  if (!readOnly) return settings;
  return parent.sandbox ? { ...settings, mode: 'read-only', network: false } : 'unconfined';
}

/**
 * The agent's `tools` factory over {@link createSessionTools}: each session gets its own built-in
 * tools (its own process registry); a delegate's child shares its parent's MCP connections instead
 * of starting the servers again, and a read-only child's bash runs in a read-only sandbox without
 * network when the parent's runs in one (so it is a read-only tool the child may use); without a
 * sandbox a read-only child has no bash.
 */
export function createAgentToolsFactory(options: AgentToolsFactoryOptions): SessionToolsFactory {
  const sets = new WeakMap<SessionTools, SessionToolSet>();
  const { mcpConfigFile: _file, mcpServers: _servers, ...withoutServers } = options;
  return async (context) => {
    const parent = context.delegate && sets.get(context.delegate.parent);
    const set =
      context.delegate && parent
        ? await createSessionTools({
            ...withoutServers,
            sandbox: childSandbox(options, parent, context.delegate.readOnly),
            ...(parent.mcp ? { shared: parent.mcp.provider } : {}),
          })
        : await createSessionTools(options);
    const tools: SessionTools = { tools: set.provider, close: set.close };
    sets.set(tools, set);
    options.onOpen?.(set, context);
    return tools;
  };
}
