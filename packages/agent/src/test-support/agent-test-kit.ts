import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  type AgentDefinition,
  type AnyTool,
  type ApprovalMode,
  type ApprovalRules,
  type Approver,
  createWorkspace,
} from '@toolgate/core';
import { createFsTools } from '@toolgate/tools-fs';
import { createProcessRegistry, createShellTools } from '@toolgate/tools-shell';
import type { AgentEvent, TurnResult } from '../agent-event.js';
import type { AgentLimits, SessionToolsContext } from '../agent-options.js';
import type { AgentSession, AgentTurn } from '../agent-session.js';
import { createAgent } from '../create-agent.js';
import type { DelegateOptions } from '../delegate/delegate-definition.js';
import { type FakeModelServer, startFakeModelServer } from '../testing/fake-model-server.js';
import type { ChatMessage } from '../testing/recorded-request.js';

/** A session on real tools (bash, read_file, write_file) in a temp workspace, talking to a fake model over HTTP. */
export interface AgentKit {
  readonly root: string;
  readonly server: FakeModelServer;
  readonly session: AgentSession;
  /** The context of every session the tools factory built (the top session's first). */
  readonly opened: readonly SessionToolsContext[];
  dispose(): Promise<void>;
}

export interface AgentKitOptions {
  readonly mode?: ApprovalMode;
  readonly approver?: Approver;
  readonly rules?: ApprovalRules;
  readonly limits?: AgentLimits;
  readonly policy?: AgentDefinition;
  readonly agentsMd?: string;
  /** More tools besides the real ones. */
  readonly extraTools?: readonly AnyTool[];
  readonly delegates?: DelegateOptions;
}

export async function createAgentKit(options: AgentKitOptions = {}): Promise<AgentKit> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-agent-')));
  const server = await startFakeModelServer();
  const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL, includeUsage: true });
  const opened: SessionToolsContext[] = [];
  const agent = createAgent({
    model: provider.chatModel('fake-model'),
    tools: (context) => {
      opened.push(context);
      const workspace = createWorkspace({ root });
      const processes = createProcessRegistry();
      const fs = createFsTools({ workspace });
      const shell = createShellTools({ workspace, processes });
      return {
        tools: [shell.bash, fs.read_file, fs.write_file, ...(options.extraTools ?? [])],
        close: () => processes.close(),
      };
    },
    approval: {
      mode: options.mode ?? 'auto',
      ...(options.approver ? { approver: options.approver } : {}),
      ...(options.rules ? { rules: options.rules } : {}),
    },
    workspaceRoot: root,
    limits: { maxRetries: 0, ...options.limits },
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.agentsMd ? { agentsMd: options.agentsMd } : {}),
    ...(options.delegates ? { delegates: options.delegates } : {}),
  });
  const session = await agent.createSession();
  return {
    root,
    server,
    session,
    opened,
    dispose: async () => {
      await session.close();
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Every event of a turn and its result. */
export async function collect(turn: AgentTurn): Promise<{ events: AgentEvent[]; result: TurnResult }> {
  const events: AgentEvent[] = [];
  for await (const event of turn) events.push(event);
  return { events, result: await turn.result };
}

/** The tool messages of a recorded request, as `{ id, content }`. */
export function toolResultsOf(messages: readonly ChatMessage[]): { id: string; content: string }[] {
  return messages
    .filter((message) => message.role === 'tool')
    .map((message) => ({ id: message.tool_call_id ?? '', content: String(message.content) }));
}

/** Pids of live processes whose command line contains `marker`. */
export async function processesWith(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(marker)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
