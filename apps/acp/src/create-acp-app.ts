import { randomUUID } from 'node:crypto';
import { type AgentApp, agent, methods, PROTOCOL_VERSION, RequestError } from '@agentclientprotocol/sdk';
import { APPROVAL_MODES, type ApprovalMode } from '@toolgate/core';
import { toolgateStateDirectory } from '@toolgate/host';
import type { AcpSession } from './acp-session.js';
import { listAcpSessions } from './list-acp-sessions.js';
import { openAcpSession } from './open-acp-session.js';

/** Options of {@link createAcpApp}. */
export interface AcpAppOptions {
  /** `TOOLGATE_MODEL`, `TOOLGATE_BASE_URL`, `TOOLGATE_APPROVAL`, the provider keys, `XDG_CONFIG_HOME` (the user's config file) and `XDG_STATE_HOME` (the stored sessions). */
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

const MODE_DESCRIPTIONS: Readonly<Record<ApprovalMode, { name: string; description: string }>> = {
  manual: { name: 'Manual', description: 'Ask before every tool call.' },
  safe: {
    name: 'Safe',
    description: 'Reads, searches and file edits run; commands, patches and MCP tools ask first.',
  },
  auto: { name: 'Auto', description: 'Every tool call runs without asking.' },
};

function isApprovalMode(value: string): value is ApprovalMode {
  return (APPROVAL_MODES as readonly string[]).includes(value);
}

/** Builds the ACP agent: initialize, session/new, load, resume, list, set_mode, prompt, cancel, close. */
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

  const context = { env, log, stateDirectory: toolgateStateDirectory(env) };
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
  /** Keeps an opened session and answers with its id and modes. */
  const opened = ({ session, settings }: Awaited<ReturnType<typeof openAcpSession>>) => {
    const sessionId = session.stored?.id;
    if (sessionId === undefined) throw new Error('toolgate-acp records every session');
    sessions.set(sessionId, session);
    return {
      sessionId,
      modes: {
        currentModeId: settings.mode,
        availableModes: APPROVAL_MODES.map((id) => ({ id, ...MODE_DESCRIPTIONS[id] })),
      },
    };
  };

  const app = agent({ name: 'toolgate-acp' })
    .onRequest(methods.agent.initialize, () => ({
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: false, audio: false, embeddedContext: true },
        mcpCapabilities: { http: true, sse: true },
        sessionCapabilities: { close: {}, list: {}, resume: {} },
      },
      agentInfo: { name: 'toolgate-acp', title: 'toolgate', version: options.version },
      authMethods: [],
    }))
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
      if (!isApprovalMode(params.modeId))
        throw RequestError.invalidParams(
          undefined,
          `Unknown mode ${JSON.stringify(params.modeId)}; expected one of ${APPROVAL_MODES.join(', ')}.`,
        );
      session.mode = params.modeId;
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
