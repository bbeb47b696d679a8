import { randomUUID } from 'node:crypto';
import {
  type AgentApp,
  agent,
  type ClientCapabilities,
  methods,
  PROTOCOL_VERSION,
  RequestError,
} from '@agentclientprotocol/sdk';
import { toolgateStateDirectory } from '@toolgate/host';
import type { AcpSession } from './acp-session.js';
import { listAcpSessions } from './list-acp-sessions.js';
import { openAcpSession } from './open-acp-session.js';
import { sessionModeOf, sessionModeState } from './session-modes.js';

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

/** Builds the ACP agent: initialize, authenticate, session/new, load, resume, list, set_mode, prompt, cancel, close. */
export function createAcpApp(options: AcpAppOptions): AcpAgent {
  const { env, log } = options;
  const sessions = new Map<string, AcpSession>();
  const sessionOf = (sessionId: string): AcpSession => {
    const session = sessions.get(sessionId);
    if (!session)
      throw new RequestError(
        RequestError.sessionNotFound(sessionId).code,
        `Session ${JSON.stringify(sessionId)} not found: it is not open in this process: session/load or session/resume a stored one, or start one with session/new.`,
        { sessionId },
      );
    return session;
  };

  const context: {
    readonly env: typeof env;
    readonly log: typeof log;
    readonly stateDirectory: string;
    clientCapabilities: ClientCapabilities | undefined;
  } = { env, log, stateDirectory: toolgateStateDirectory(env), clientCapabilities: undefined };
  /** Ids being loaded or resumed: a second request for one waits for no one, it is refused. */
  const opening = new Set<string>();
  /** Opens a stored session once: one this process has open (or is opening) already is refused. */
  const reopen = async (sessionId: string, open: () => ReturnType<typeof openAcpSession>) => {
    if (sessions.has(sessionId) || opening.has(sessionId))
      throw RequestError.invalidRequest(
        undefined,
        `Session ${JSON.stringify(sessionId)} is open already: prompt it, or session/close it first.`,
      );
    opening.add(sessionId);
    try {
      return opened(await open());
    } finally {
      opening.delete(sessionId);
    }
  };
  /** Keeps an opened session and answers with its id and modes; its commands follow the answer. */
  const opened = ({ session, settings }: Awaited<ReturnType<typeof openAcpSession>>) => {
    const sessionId = session.stored?.id;
    if (sessionId === undefined) throw new Error('toolgate-acp records every session');
    sessions.set(sessionId, session);
    setImmediate(() => session.announceCommands());
    return { sessionId, modes: sessionModeState(settings.mode) };
  };

  const app = agent({ name: 'toolgate-acp' })
    .onRequest(methods.agent.initialize, ({ params }) => {
      context.clientCapabilities = params.clientCapabilities;
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: false, audio: false, embeddedContext: true },
          mcpCapabilities: { http: true, sse: true },
          sessionCapabilities: { close: {}, list: {}, resume: {} },
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
    .onRequest(methods.agent.session.new, async ({ params, client }) =>
      opened(await openAcpSession({ ...params, sessionId: randomUUID() }, client, context)),
    )
    .onRequest(methods.agent.session.load, ({ params, client }) =>
      reopen(params.sessionId, () => openAcpSession({ ...params, stored: 'load' }, client, context)),
    )
    .onRequest(methods.agent.session.resume, ({ params, client }) =>
      reopen(params.sessionId, () => openAcpSession({ ...params, stored: 'resume' }, client, context)),
    )
    .onRequest(methods.agent.session.list, ({ params }) => listAcpSessions(params, context.stateDirectory))
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
