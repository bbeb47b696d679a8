import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import {
  type AgentContext,
  type ClientCapabilities,
  type McpServer,
  RequestError,
} from '@agentclientprotocol/sdk';
import {
  ConfigError,
  ModelConfigError,
  openSessionStore,
  resolveSessionSettings,
  type SessionSettings,
  SessionStoreError,
} from '@toolgate/host';
import { type AcpSession, createAcpSession } from './acp-session.js';
import { configurationError } from './configuration-error.js';
import { toMcpServers } from './to-mcp-servers.js';

/** What the ACP agent opens every session with. */
export interface AcpSessionContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly log: (line: string) => void;
  /** toolgate's state directory: the sessions are recorded in its `sessions/`. */
  readonly stateDirectory: string;
  /** What the client offered at `initialize` (its files and terminals). */
  readonly clientCapabilities: ClientCapabilities | undefined;
}

/** A `session/new`, `session/load` or `session/resume` request, as far as opening goes. */
export interface AcpOpenRequest {
  readonly sessionId: string;
  readonly cwd: string;
  readonly mcpServers?: readonly McpServer[] | undefined;
  /** `load` and `resume` continue the stored session `sessionId`; `load` replays it first. */
  readonly stored?: 'load' | 'resume';
}

const NO_MODEL =
  'No model configured for toolgate-acp. Set "model": "provider:model" in the user config file ($XDG_CONFIG_HOME/toolgate/config.json, by default ~/.config/toolgate/config.json) or TOOLGATE_MODEL=provider:model in the environment the editor starts toolgate-acp with ' +
  '(openai:…, anthropic:… or openai-compatible:… with TOOLGATE_BASE_URL, e.g. http://localhost:11434/v1 for Ollama), ' +
  'and the provider key: OPENAI_API_KEY, ANTHROPIC_API_KEY or TOOLGATE_API_KEY.';

async function checkWorkspace(cwd: string): Promise<void> {
  if (!isAbsolute(cwd))
    throw RequestError.invalidParams(undefined, `cwd must be absolute, got ${JSON.stringify(cwd)}.`);
  let directory = false;
  try {
    directory = (await stat(cwd)).isDirectory();
  } catch {
    directory = false;
  }
  if (!directory) throw RequestError.invalidParams(undefined, `cwd is not an existing directory: ${cwd}`);
}

/** A stored session the request may continue here: it exists, and ran in this workspace. */
async function checkStored(request: AcpOpenRequest, root: string, stateDirectory: string): Promise<void> {
  let workspace: string;
  try {
    workspace = (await openSessionStore(stateDirectory).find(request.sessionId)).workspace;
  } catch (error) {
    if (!(error instanceof SessionStoreError)) throw error;
    throw new RequestError(RequestError.sessionNotFound(request.sessionId).code, error.message, {
      sessionId: request.sessionId,
    });
  }
  if (workspace !== root)
    throw RequestError.invalidParams(
      undefined,
      `Session ${request.sessionId} ran in ${workspace}, not in ${root}: load it with that cwd.`,
    );
}

/**
 * Opens an ACP session through the host kit: the workspace checked, the same config as the CLI
 * (the user's file, the workspace's `toolgate.config.json` only tightening until trusted,
 * `TOOLGATE_APPROVAL`, `.mcp.json` once trusted), recorded in the store; a stored one continued
 * (its remembered approvals dropped when the settings changed since, which the log says) and, for
 * `load`, replayed to the client before this resolves. Errors are ACP request errors.
 */
export async function openAcpSession(
  request: AcpOpenRequest,
  client: AgentContext,
  context: AcpSessionContext,
): Promise<{ readonly session: AcpSession; readonly settings: SessionSettings }> {
  await checkWorkspace(request.cwd);
  const mcpServers = toMcpServers(request.mcpServers ? [...request.mcpServers] : []);
  let settings: SessionSettings;
  try {
    settings = await resolveSessionSettings({ root: request.cwd, env: context.env, notice: context.log });
  } catch (error) {
    if (error instanceof ConfigError) throw configurationError(error.message);
    throw error;
  }
  if (request.stored) await checkStored(request, settings.root, context.stateDirectory);
  try {
    const session = await createAcpSession({
      sessionId: request.sessionId,
      settings,
      env: context.env,
      mcpServers,
      client,
      clientCapabilities: context.clientCapabilities,
      log: context.log,
      store: {
        stateDirectory: context.stateDirectory,
        ...(request.stored
          ? { conversation: { kind: 'resume', id: request.sessionId, accepted: true } }
          : {}),
      },
      replay: request.stored === 'load',
    });
    return { session, settings };
  } catch (error) {
    // The person's configuration, not a bug: not -32603.
    if (error instanceof ModelConfigError)
      throw configurationError(error.message.startsWith('No model configured') ? NO_MODEL : error.message);
    if (error instanceof ConfigError || error instanceof SessionStoreError)
      throw configurationError(error.message);
    throw error;
  }
}
