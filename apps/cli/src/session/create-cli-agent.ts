import { type Agent, createAgent } from '@toolgate/agent';
import type { Approver } from '@toolgate/core';
import { createSessionTools, type SessionToolSet, selectModel } from '@toolgate/host';
import { formatAgentsMdPrompt, loadAgentsMd } from '@toolgate/tools-agents-md';
import type { SessionSettings } from '../cli/resolve-session-settings.js';

/** What an agent of the CLI is made of besides the session settings. */
export interface CliAgentOptions {
  /** `--model`; else `TOOLGATE_MODEL`. */
  readonly model: string | undefined;
  /** `--base-url`; else `TOOLGATE_BASE_URL`. */
  readonly baseURL: string | undefined;
  /** `--max-steps`. @default the agent's */
  readonly maxSteps: number | undefined;
  readonly approver: Approver;
  readonly env: NodeJS.ProcessEnv;
  /** Receives the one-line notice when bash runs unsandboxed because bubblewrap cannot run. */
  readonly notice: (line: string) => void;
}

/**
 * The agent `toolgate run` and the interactive `toolgate` share: the model from `--model` or the
 * environment, each session's own built-in and MCP tools, the approval mode, AGENTS.md in the
 * system prompt. Throws `ModelConfigError` (exit 2) when no usable model is configured.
 */
export async function createCliAgent(settings: SessionSettings, options: CliAgentOptions): Promise<Agent> {
  const { model } = await selectModel({ model: options.model, baseURL: options.baseURL, env: options.env });
  let tools: SessionToolSet | undefined;
  return createAgent({
    model,
    tools: async () => {
      tools = await createSessionTools({
        root: settings.root,
        config: settings.config,
        ...(settings.mcpConfigFile ? { mcpConfigFile: settings.mcpConfigFile } : {}),
        sandbox: { ...settings.sandbox, notice: options.notice },
      });
      return { tools: tools.provider, close: tools.close };
    },
    approval: { mode: settings.mode, approver: options.approver },
    workspaceRoot: settings.root,
    // Read once per session, after its tools (and so its workspace) exist.
    agentsMd: async () => {
      const loaded = tools && (await loadAgentsMd(tools.workspace));
      return loaded ? formatAgentsMdPrompt(loaded) : undefined;
    },
    ...(options.maxSteps === undefined ? {} : { limits: { maxSteps: options.maxSteps } }),
  });
}
