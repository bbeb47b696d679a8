import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  runToolgate,
  SKIP_REASON,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  await writeFile(join(workspace.root, 'a.txt'), 'hello from the workspace\n');
});
afterEach(async () => {
  await workspace.dispose();
});

const TOO_LARGE = (bytes: number) =>
  `The request is ${bytes} bytes, over the 10 MiB limit of one MCP message; it was not read.`;

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate mcp and lines it cannot read ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('answers a 40 MB request, a line that is not JSON and a message that is not JSON-RPC with JSON-RPC errors, and keeps serving', async () => {
      const line = (message: object) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;
      // The MCP SDK's client puts the id last.
      const huge = line({
        method: 'tools/call',
        params: { name: 'read_file', arguments: { path: 'x'.repeat(40 << 20) } },
        id: 2,
      });
      const result = await runToolgate(['mcp', '--cwd', workspace.root, '--approval', 'auto'], {
        stdin: null,
        onSpawn: (child, output) => {
          child.stdin?.write(
            line({
              id: 1,
              method: 'initialize',
              params: {
                protocolVersion: '2025-06-18',
                capabilities: {},
                clientInfo: { name: 'e2e', version: '0' },
              },
            }),
          );
          child.stdin?.write(line({ method: 'notifications/initialized' }));
          child.stdin?.write(huge);
          child.stdin?.write('this is not json\n');
          child.stdin?.write(line({ id: 3, method: 42 }));
          child.stdin?.write(
            line({
              method: 'tools/call',
              params: { name: 'read_file', arguments: { path: 'a.txt' } },
              id: 4,
            }),
          );
          void waitForText(output.stdout, '"id":4').then(() => child.stdin?.end());
        },
      });
      expect(result.code).toBe(0);
      const answers = result.stdout
        .trim()
        .split('\n')
        .map((text) => JSON.parse(text) as { id: unknown });
      expect(answers.slice(1, 4)).toEqual([
        { jsonrpc: '2.0', id: 2, error: { code: -32600, message: TOO_LARGE(huge.length - 1) } },
        { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON.' } },
        {
          jsonrpc: '2.0',
          id: 3,
          error: {
            code: -32600,
            message: 'Invalid request: the message is not a JSON-RPC request, notification or response.',
          },
        },
      ]);
      expect(answers[4]).toMatchObject({
        id: 4,
        result: { structuredContent: { content: 'hello from the workspace' } },
      });
      expect(result.stderr).toContain(`toolgate mcp: ${TOO_LARGE(huge.length - 1)} (request id 2)\n`);
    });
  },
);
