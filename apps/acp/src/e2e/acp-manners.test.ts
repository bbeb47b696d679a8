import { spawn } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type InitializeResponse, methods } from '@agentclientprotocol/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIGURATION_ERROR_CODE } from '../configuration-error.js';
import { ACP_BIN, editorState, NO_FS, SKIP_REASON, withEditor } from './editor-client.js';

let root: string;
let configHome: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-manners-')));
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-acp-manners-config-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(configHome, { recursive: true, force: true });
});

/** Runs toolgate-acp with these arguments and stdin left open (never written, never closed). */
function runWithOpenStdin(args: readonly string[]) {
  const child = spawn(process.execPath, [ACP_BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (code) => {
      child.stdin.destroy();
      done({ code, stdout, stderr });
    }),
  );
}

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate-acp's manners ${SKIP_REASON ?? ''}`,
  { timeout: 60_000 },
  () => {
    it('prints --help and --version and exits 0 without reading stdin', async () => {
      const help = await runWithOpenStdin(['--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Usage: toolgate-acp');
      expect(help.stdout).toContain('TOOLGATE_MODEL');
      const version = await runWithOpenStdin(['--version']);
      expect(version.code).toBe(0);
      expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
    });

    it('refuses an unknown argument with status 2 and the usage', async () => {
      const run = await runWithOpenStdin(['--model', 'x']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('unexpected argument');
      expect(run.stdout).toBe('');
    });

    it('answers a missing model with a configuration error that says once how to set it, not -32603', async () => {
      const { value } = await withEditor(
        { env: { XDG_CONFIG_HOME: configHome }, capabilities: NO_FS, state: editorState() },
        async (agent) => {
          try {
            await agent.request(methods.agent.session.new, { cwd: root, mcpServers: [] });
            return undefined;
          } catch (error) {
            return error as { code: number; message: string };
          }
        },
      );
      expect(value?.code).toBe(CONFIGURATION_ERROR_CODE);
      expect(value?.message).toContain('TOOLGATE_MODEL=provider:model');
      expect(value?.message).toContain('config.json');
      expect(value?.message).not.toContain('--model');
      expect(value?.message.match(/No model configured/g)).toHaveLength(1);
    });

    it('names the missing base URL without a flag toolgate-acp does not take', async () => {
      const { value } = await withEditor(
        {
          env: { XDG_CONFIG_HOME: configHome, TOOLGATE_MODEL: 'openai-compatible:fake' },
          capabilities: NO_FS,
          state: editorState(),
        },
        async (agent) =>
          agent.request(methods.agent.session.new, { cwd: root, mcpServers: [] }).then(
            () => undefined,
            (error: { code: number; message: string }) => error,
          ),
      );
      expect(value?.code).toBe(CONFIGURATION_ERROR_CODE);
      expect(value?.message).toContain('TOOLGATE_BASE_URL');
      expect(value?.message).not.toContain('--base-url');
    });

    it('advertises no authentication method and answers authenticate with invalid params', async () => {
      const { value } = await withEditor(
        { env: { XDG_CONFIG_HOME: configHome }, capabilities: NO_FS, state: editorState() },
        async (agent) => {
          const init: InitializeResponse = await agent.request(methods.agent.initialize, {
            protocolVersion: 1,
            clientCapabilities: NO_FS,
          });
          const answer = await agent.request(methods.agent.authenticate, { methodId: 'agent-login' }).then(
            () => undefined,
            (error: { code: number; message: string }) => error,
          );
          return { init, answer };
        },
      );
      expect(value.init.authMethods).toEqual([]);
      expect(value.init.agentCapabilities?.loadSession).toBe(true);
      expect(value.answer?.code).toBe(-32602);
      expect(value.answer?.message).toContain('needs no authentication');
    });
  },
);
