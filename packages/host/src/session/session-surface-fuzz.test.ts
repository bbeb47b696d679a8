import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionSurface, type SessionSurface } from './create-session-surface.js';

/** Values models send by mistake, and values that probe limits and paths. */
const NASTY = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1.5,
    1e308,
    2 ** 53,
    '',
    ' ',
    '../x',
    '/etc/passwd',
    '~',
    'f.txt',
    '\u0000',
    '*',
    '**',
    '[',
    '(',
    '\\',
    '.git/x',
    'node_modules/y',
    'exec',
    'start',
    'list',
    'stop',
    'logs',
    'write',
    'proc_0123',
    '*** Begin Patch\n*** Update File: f.txt\n@@\n-a\n+b\n*** End Patch',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

let root: string;
let session: SessionSurface;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-fuzz-')));
  await writeFile(join(root, 'f.txt'), 'a\nb\n');
  session = await createSessionSurface({ root, mode: 'auto', sandbox: 'unconfined' });
});

afterAll(async () => {
  await session.close();
  await rm(root, { recursive: true, force: true });
});

describe('the composed session surface under random model input', () => {
  it('answers every call with a typed result and never an internal error or a throw', async () => {
    const definitions = session.surface.registry.list();
    const call = fc
      .record({
        tool: fc.constantFrom(...definitions),
        values: fc.array(NASTY, { minLength: 8, maxLength: 8 }),
      })
      .chain(({ tool, values }) =>
        fc.subarray(Object.keys(tool.inputSchema.properties ?? {})).map((fields) => {
          const args: Record<string, unknown> = Object.fromEntries(
            fields.map((field, index) => [field, values[index % 8]]),
          );
          // Random shell commands stay out: bash gets a harmless one, with a short timeout.
          if (tool.name === 'bash' && typeof args.command === 'string') args.command = 'true';
          if (tool.name === 'bash') args.timeoutMs = 500;
          return { name: tool.name, args };
        }),
      );
    await fc.assert(
      fc.asyncProperty(call, async ({ name, args }) => {
        const result = await session.surface.executor.execute({ id: 'fuzz', name, arguments: args });
        expect(['success', 'failure', 'rejected']).toContain(result.status);
        if (result.status === 'failure')
          expect([name, result.error.code]).not.toEqual([name, 'internal_error']);
      }),
      { numRuns: 400 },
    );
  });
});
