import { access, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApprovalRequest, ToolResult } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionSurface } from '../session/create-session-surface.js';
import { withHooks } from './with-hooks.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-hook-output-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** One write_file call in `mode` behind a preToolUse hook that prints the file `output.txt`. */
async function callBehindHook(
  output: string,
  mode: 'auto' | 'manual',
): Promise<{ result: ToolResult; asked: number }> {
  await writeFile(join(root, 'output.txt'), output);
  const asked: ApprovalRequest[] = [];
  const session = await createSessionSurface({
    root,
    mode,
    sandbox: 'unconfined',
    before: [
      withHooks({ hooks: { preToolUse: [{ command: 'cat output.txt' }] }, sessionId: 's', cwd: root }),
    ],
    approver: async (request) => {
      asked.push(request);
      return 'allow_once';
    },
  });
  try {
    const result = await session.surface.executor.execute(
      { id: 'c1', name: 'write_file', arguments: { path: 'a.txt', content: 'hi' } },
      { signal: new AbortController().signal },
    );
    return { result, asked: asked.length };
  } finally {
    await session.close();
  }
}

const blocked = (reason: string) => ({
  status: 'rejected',
  by: 'hook',
  reason: `Blocked by the preToolUse hook "cat output.txt": ${reason}`,
});

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('withHooks reading what a preToolUse hook printed', () => {
  it('blocks on ambiguous output: a repeated key, another decision, JSON that is not one object, text around JSON, unknown keys', async () => {
    const cases: [string, string][] = [
      [
        '{"decision":"block","decision":"approve"}',
        'the hook printed JSON where the key "decision" appears twice in one object, so the call is blocked',
      ],
      [
        '{"decision":"approve","decision":"approve"}',
        'the hook printed JSON where the key "decision" appears twice in one object, so the call is blocked',
      ],
      [
        '{"decision":"Approve"}',
        'the hook answered decision "Approve", which is neither "block" nor "approve", so the call is blocked',
      ],
      [
        '{"decision":true}',
        'the hook answered decision true, which is neither "block" nor "approve", so the call is blocked',
      ],
      [
        '{"decision":"approve"} trailing',
        'the hook printed JSON that does not parse, so the call is blocked (text after the JSON value at offset 23)',
      ],
      [
        '{"decision":"approve"}\n{"decision":"block"}\n',
        'the hook printed JSON that does not parse, so the call is blocked (text after the JSON value at offset 23)',
      ],
      [
        'checking…\n{"decision":"block"}\n',
        'the hook printed text and JSON together, so the call is blocked',
      ],
      ['"approve"', 'the hook printed JSON that is not an object, so the call is blocked'],
      ['["approve"]', 'the hook printed JSON that is not an object, so the call is blocked'],
      ['true', 'the hook printed JSON that is not an object, so the call is blocked'],
      ['null', 'the hook printed JSON that is not an object, so the call is blocked'],
      [
        '{"decison":"block"}',
        'the hook printed the key "decison", which toolgate does not read, so the call is blocked',
      ],
      [
        '{"__proto__":{"decision":"approve"}}',
        'the hook printed the key "__proto__", which toolgate does not read, so the call is blocked',
      ],
      [
        '{"hookSpecificOutput":{"permissionDecision":"allow"}}',
        'the hook printed "hookSpecificOutput" whose "hookEventName" is not "PreToolUse", so the call is blocked',
      ],
      [
        '{"decision":"approve","reason":7}',
        'the hook printed "reason" 7, which is not a string, so the call is blocked',
      ],
      [
        '{"decision":"approve","continue":false}',
        'the hook answered "continue": false, so the call is blocked',
      ],
      [
        '{"continue":"no"}',
        'the hook printed "continue" "no", which is not true or false, so the call is blocked',
      ],
    ];
    const seen: unknown[] = [];
    for (const [output] of cases) seen.push((await callBehindHook(output, 'auto')).result);
    expect(seen).toEqual(cases.map(([, reason]) => blocked(reason)));
    expect(await exists(join(root, 'a.txt'))).toBe(false);
  });

  it('still continues on plain text or nothing, blocks on a single block, and approves on a single approve', async () => {
    expect([
      await callBehindHook('', 'manual'),
      await callBehindHook('looks fine\n', 'manual'),
      await callBehindHook('[lint] ok\n[types] ok\n', 'manual'),
      await callBehindHook('{"decision":"approve","reason":"ok","suppressOutput":true}\n', 'manual'),
      await callBehindHook('  {"continue":true}  ', 'manual'),
    ]).toEqual([
      { result: expect.objectContaining({ status: 'success' }), asked: 1 },
      { result: expect.objectContaining({ status: 'success' }), asked: 1 },
      { result: expect.objectContaining({ status: 'success' }), asked: 1 },
      { result: expect.objectContaining({ status: 'success' }), asked: 0 },
      { result: expect.objectContaining({ status: 'success' }), asked: 1 },
    ]);
    expect((await callBehindHook('{"decision":"block","reason":"no"}', 'auto')).result).toEqual({
      status: 'rejected',
      by: 'hook',
      reason: 'Blocked by the preToolUse hook "cat output.txt": no',
    });
  });
});
