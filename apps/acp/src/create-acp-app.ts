import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import {
  type AgentApp,
  agent,
  type ClientCapabilities,
  methods,
  PROTOCOL_VERSION,
  RequestError,
} from '@agentclientprotocol/sdk';
import { ConfigError, ModelConfigError, resolveSessionSettings } from '@toolgate/host';
import { type AcpSession, createAcpSession } from './acp-session.js';
import { configurationError } from './configuration-error.js';
import { sessionModeOf, sessionModeState } from './session-modes.js';
import { toMcpServers } from './to-mcp-servers.js';

/** Options of {@link createAcpApp}. */
export interface AcpAppOptions {
  /** `TOOLGATE_MODEL`, `TOOLGATE_BASE_URL`, `TOOLGATE_APPROVAL`, the provider keys and `XDG_CONFIG_HOME` (the user's config file). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly version: string;
  /** Where diagnostics go (stderr). */
  readonly log: (line: string) => void;
}

/** The ACP agent and its sessions (so the process can end them all when the connection closes). */
export interface AcpAgent {
  readonly app: AgentApp;
  /** Closes every session and stops what they started. */
  closeAll(): Promise<void>;
}

const NO_MODEL =
  'No model configured for toolgate-acp. Set "model": "provider:model" in the user config file ($XDG_CONFIG_HOME/toolgate/config.json, by default ~/.config/toolgate/config.json) or TOOLGATE_MODEL=provider:model in the environment the editor starts toolgate-acp with ' +
  '(openai:…, anthropic:… or openai-compatible:… with TOOLGATE_BASE_URL, e.g. http://localhost:11434/v1 for Ollama), ' +
  'and the provider key: OPENAI_API_KEY, ANTHROPIC_API_KEY or TOOLGATE_API_KEY.';

/** Builds the ACP agent: initialize, session/new, set_mode, prompt, cancel, close. */
export function createAcpApp(options: AcpAppOptions): AcpAgent {
  const { env, log } = options;
  const sessions = new Map<string, AcpSession>();
  let clientCapabilities: ClientCapabilities | undefined;
  const sessionOf = (sessionId: string): AcpSession => {
    const session = sessions.get(sessionId);
    if (!session)
      throw new RequestError(
        RequestError.sessionNotFound(sessionId).code,
        `Session ${JSON.stringify(sessionId)} not found: it was never created by this agent or is closed. Start one with session/new.`,
        { sessionId },
      );
    return session;
  };

  const app = agent({ name: 'toolgate-acp' })
    .onRequest(methods.agent.initialize, ({ params }) => {
      clientCapabilities = params.clientCapabilities;
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: false,
          promptCapabilities: { image: false, audio: false, embeddedContext: true },
          mcpCapabilities: { http: true, sse: true },
          sessionCapabilities: { close: {} },
        },
        agentInfo: { name: 'toolgate-acp', title: 'toolgate', version: options.version },
        authMethods: [],
      };
    })
    // No authentication method is offered (the model's keys come from the environment or the
    // config file), so every method id is unknown.
    .onRequest(methods.agent.authenticate, ({ params }) => {
      throw RequestError.invalidParams(
        { methodId: params.methodId },
        `toolgate-acp needs no authentication and offers no method ${JSON.stringify(params.methodId)}; set the model's key (OPENAI_API_KEY, ANTHROPIC_API_KEY or TOOLGATE_API_KEY) in the environment the editor starts it with.`,
      );
    })
    .onRequest(methods.agent.session.new, async ({ params, client }) => {
      if (!isAbsolute(params.cwd))
        throw RequestError.invalidParams(
          undefined,
          `cwd must be absolute, got ${JSON.stringify(params.cwd)}.`,
        );
      let directory = false;
      try {
        directory = (await stat(params.cwd)).isDirectory();
      } catch {
        directory = false;
      }
      if (!directory)
        throw RequestError.invalidParams(undefined, `cwd is not an existing directory: ${params.cwd}`);
      const mcpServers = toMcpServers(params.mcpServers);
      // The same config as the CLI: the user's file, the workspace's toolgate.config.json (only
      // tightening until trusted with `toolgate trust`), TOOLGATE_APPROVAL, .mcp.json once trusted.
      let settings: Awaited<ReturnType<typeof resolveSessionSettings>>;
      try {
        settings = await resolveSessionSettings({ root: params.cwd, env, notice: log });
      } catch (error) {
        if (error instanceof ConfigError) throw configurationError(error.message);
        throw error;
      }
      const sessionId = randomUUID();
      let session: AcpSession;
      try {
        session = await createAcpSession({
          sessionId,
          settings,
          env,
          mcpServers,
          client,
          clientCapabilities,
          log,
        });
      } catch (error) {
        // The person's configuration, not a bug: not -32603.
        if (error instanceof ModelConfigError)
          throw configurationError(
            error.message.startsWith('No model configured') ? NO_MODEL : error.message,
          );
        if (error instanceof ConfigError) throw configurationError(error.message);
        throw error;
      }
      sessions.set(sessionId, session);
      // Once the answer naming the session is out.
      setImmediate(() => session.announceCommands());
      return { sessionId, modes: sessionModeState(settings.mode) };
    })
    .onRequest(methods.agent.session.setMode, ({ params }) => {
      const session = sessionOf(params.sessionId);
      session.mode = sessionModeOf(params.modeId);
      return {};
    })
    .onRequest(methods.agent.session.prompt, async ({ params }) => ({
      stopReason: await sessionOf(params.sessionId).prompt(params.prompt),
    }))
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    })
    .onRequest(methods.agent.session.close, async ({ params }) => {
      const session = sessionOf(params.sessionId);
      sessions.delete(params.sessionId);
      await session.close();
      return {};
    });

  return {
    app,
    async closeAll() {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(all.map((session) => session.close()));
    },
  };
}
