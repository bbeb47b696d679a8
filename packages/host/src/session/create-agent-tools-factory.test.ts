import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type AgentSession, createAgent } from '@toolgate/agent';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { createPermissionRules, parsePermissionRules } from '@toolgate/rules';
import { openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_FILES_DIRECTORY, loadAgentFiles } from '../agents/load-agent-files.js';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import { permissionRulesApproval } from '../rules/permission-rules-approval.js';
import { createAgentToolsFactory } from './create-agent-tools-factory.js';
import type { SessionToolsOptions } from './create-session-tools.js';

let root: string;
let server: FakeModelServer;
let session: AgentSession | undefined;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-agent-tools-')));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const probe = await (async () => {
  const directory = await mkdtemp(join(tmpdir(), 'toolgate-bwrap-probe-'));
  try {
    const opening = await openBwrapSandbox({ workspaceRoot: directory, mode: 'read-only' });
    return opening.ok ? undefined : opening.reason;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
})();
if (probe) console.warn(`read-only bash for delegates not tested: ${probe}`);

async function openSession(sandbox: SessionToolsOptions['sandbox']): Promise<AgentSession> {
  const files = await loadAgentFiles(join(root, AGENT_FILES_DIRECTORY));
  const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL, includeUsage: true });
  const agent = createAgent({
    model: provider.chatModel('fake'),
    tools: createAgentToolsFactory({ root, sandbox }),
    approval: { mode: 'auto' },
    limits: { maxRetries: 0 },
    delegates: { definitions: await resolveAgentDefinitions({ files, env: {} }) },
  });
  session = await agent.createSession();
  return session;
}

const toolNames = (index: number) => server.requests[index]?.body?.tools?.map((tool) => tool.function.name);

describe('createAgentToolsFactory', () => {
  it('a .toolgate/agents/reviewer.md file becomes delegate_reviewer whose child has exactly the tools it lists', async () => {
    await mkdir(join(root, AGENT_FILES_DIRECTORY), { recursive: true });
    await writeFile(
      join(root, AGENT_FILES_DIRECTORY, 'reviewer.md'),
      '---\nname: reviewer\ndescription: Reviews the diff.\ntools: read_file, grep\n---\nREVIEWER-MARK: review it.\n',
    );
    const parent = await openSession('unconfined');
    server.reply(
      { toolCalls: [{ name: 'delegate_reviewer', arguments: { task: 'review' } }] },
      { text: 'ok' },
    );
    server.replyWhen('REVIEWER-MARK', { text: 'looks fine' });
    const result = await parent.prompt('review').result;
    expect(result.stopReason).toBe('completed');
    expect(toolNames(0)).toContain('delegate_reviewer');
    expect(toolNames(1)).toEqual(['read_file', 'grep']);
    expect(
      server.requests[0]?.body?.tools?.find((tool) => tool.function.name === 'delegate_reviewer'),
    ).toMatchObject({ function: { description: 'Reviews the diff.' } });
  });

  it('does not offer a tool hidden by a bare deny rule; a call made anyway is refused', async () => {
    const permissions = createPermissionRules(parsePermissionRules({ deny: ['Bash'] }, 'rules.json').rules);
    const agent = createAgent({
      model: createOpenAICompatible({ name: 'fake', baseURL: server.baseURL }).chatModel('fake'),
      tools: createAgentToolsFactory({
        root,
        sandbox: 'unconfined',
        hiddenTools: (name) => permissions.deniedTool(name) !== undefined,
      }),
      approval: { mode: 'auto', rules: permissionRulesApproval(permissions, root) },
      limits: { maxRetries: 0 },
    });
    session = await agent.createSession();
    server.reply(
      { toolCalls: [{ name: 'bash', arguments: { action: 'exec', command: 'echo x > made.txt' } }] },
      { text: 'ok' },
    );
    const result = await session.prompt('write').result;
    expect(toolNames(0)).toContain('read_file');
    expect(toolNames(0)).not.toContain('bash');
    // A rule's refusal ends the turn, as for any tool the agent offered.
    expect(result.stopReason).toBe('blocked_by_policy');
    await expect(readFile(join(root, 'made.txt'))).rejects.toThrow();
  });

  it('explore has no bash without a sandbox', async () => {
    const parent = await openSession('unconfined');
    server.reply({ toolCalls: [{ name: 'delegate_explore', arguments: { task: 'look' } }] }, { text: 'ok' });
    server.replyWhen('You are explore', { text: 'seen' });
    await parent.prompt('look').result;
    expect(toolNames(1)).toEqual(['read_file', 'glob', 'grep']);
  });

  it.skipIf(probe !== undefined)(
    "explore's bash runs in a read-only sandbox when the parent's runs in one: it reads, and cannot write",
    async () => {
      await writeFile(join(root, 'note.txt'), 'hello');
      const parent = await openSession({ network: false, notice: () => {} });
      server.reply(
        { toolCalls: [{ name: 'delegate_explore', arguments: { task: 'look' } }] },
        { text: 'ok' },
      );
      const exec = (command: string) => ({ name: 'bash', arguments: { action: 'exec', command } });
      server.replyWhen(
        'You are explore',
        { toolCalls: [exec('cat note.txt'), exec('echo changed > note.txt')] },
        { text: 'seen' },
      );
      const result = await parent.prompt('look').result;
      expect(result.stopReason).toBe('completed');
      expect(toolNames(1)).toEqual(['bash', 'read_file', 'glob', 'grep']);
      const outputs = server.requests[2]?.body?.messages.filter((message) => message.role === 'tool');
      expect(String(outputs?.[0]?.content)).toContain('hello');
      expect(String(outputs?.[1]?.content)).toMatch(/Read-only file system/);
      expect(await readFile(join(root, 'note.txt'), 'utf8')).toBe('hello');
      // The parent's own bash is not read-only: it writes the workspace.
      expect(toolNames(0)).toContain('bash');
    },
  );
});
