import { rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createToolSurface,
  inProcessDecorator,
  standardDecorators,
  type ToolDecorator,
} from '@toolgate/core';
import { createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPatchTools } from '../create-patch-tools.js';
import { applyApprovedPatch } from './apply-patch.js';
import { planPatch } from './plan-patch.js';

const patch = (...lines: string[]): string => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
const UPDATE = patch('*** Update File: a.txt', '@@', ' one', '-two', '+TWO');

let temp: TempWorkspace;
beforeEach(async () => {
  temp = await createTempWorkspace();
  await temp.write('a.txt', 'one\ntwo\nthree\n');
});
afterEach(async () => {
  await temp.cleanup();
});

async function plan(text = UPDATE) {
  const planned = await planPatch(temp.workspace, text);
  if (planned.status !== 'success') throw new Error(JSON.stringify(planned));
  return planned.output;
}

describe('apply_patch carries out a current plan without reading its files again', () => {
  it('takes the lock stamp before the reads, none while a lock is held', async () => {
    expect((await plan()).lockStamp).toBeDefined();
    let release = () => {};
    const held = temp.workspace.withLock(
      join(temp.root, 'elsewhere.txt'),
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    expect((await plan()).lockStamp).toBeUndefined();
    release();
    await held;
  });

  it('writes a current plan as planned: what it read is not looked at again', async () => {
    const planned = await plan();
    // Behind the process's back in that instant, the very premise `planCurrent` states is false:
    // the plan is written as it was made, which shows the file was not read again.
    await writeFile(join(temp.root, 'a.txt'), 'one\ntwo\nthree\nfour\n');
    const result = await applyApprovedPatch(temp.workspace, UPDATE, planned, { planCurrent: true });
    expect(result.status).toBe('success');
    expect(await temp.read('a.txt')).toBe('one\nTWO\nthree\n');
  });

  it('reads and plans again when it is not current (a person decided, a hook ran)', async () => {
    const planned = await plan();
    await writeFile(join(temp.root, 'a.txt'), 'one\ntwo\nthree\nfour\n');
    const result = await applyApprovedPatch(temp.workspace, UPDATE, planned, { planCurrent: false });
    expect(result.status).toBe('success');
    expect(await temp.read('a.txt')).toBe('one\nTWO\nthree\nfour\n');
  });

  it('reads and plans again when a call of this process took a lock since the plan’s reads', async () => {
    const planned = await plan();
    const real = join(temp.root, 'a.txt');
    await temp.workspace.withLock(real, () => writeFile(real, 'zero\none\ntwo\nthree\n'));
    const result = await applyApprovedPatch(temp.workspace, UPDATE, planned, { planCurrent: true });
    expect(result.status).toBe('success');
    expect(await temp.read('a.txt')).toBe('zero\none\nTWO\nthree\n');
  });

  it('still refuses, through the commit’s pins, a directory swapped for a link since the plan', async () => {
    await temp.write('d1/x.txt', 'x\n');
    await temp.write('d2/x.txt', 'x\n');
    const text = patch('*** Update File: d2/x.txt', '-x', '+2');
    const planned = await plan(text);
    await rm(join(temp.root, 'd2'), { recursive: true });
    await symlink('d1', join(temp.root, 'd2'));
    const result = await applyApprovedPatch(temp.workspace, text, planned, { planCurrent: true });
    expect(result.status === 'failure' && result.error.code).toBe('precondition_changed');
    expect(await temp.read('d1/x.txt')).toBe('x\n');
  });

  it('through the surface: unasked, the plan reaches the write unread; a hook, or a person asked, makes it read again', async () => {
    const tools = createPatchTools({ workspace: temp.workspace });
    // Writes behind the process's back between the plan and the write, where a hook would run.
    const touch = async () => writeFile(join(temp.root, 'a.txt'), 'one\ntwo\nthree\nfour\n');
    const run = async (approval: NonNullable<Parameters<typeof standardDecorators>[0]>) => {
      await temp.write('a.txt', 'one\ntwo\nthree\n');
      const surface = createToolSurface({
        tools: [tools.apply_patch],
        decorators: standardDecorators(approval),
      });
      const result = await surface.executor.execute({
        id: 'c1',
        name: 'apply_patch',
        arguments: { patch: UPDATE },
      });
      expect(result.status).toBe('success');
      return temp.read('a.txt');
    };
    const marked = inProcessDecorator(async (_invocation, next) => {
      await touch();
      return next();
    });
    const hook: ToolDecorator = async (_invocation, next) => {
      await touch();
      return next();
    };
    // A decorator that says it waits on nothing: the plan is taken as current and written as made.
    expect(await run({ approval: { mode: 'auto' }, before: [marked] })).toBe('one\nTWO\nthree\n');
    // One that may (a hook): the patch is placed on what it left.
    expect(await run({ approval: { mode: 'auto' }, before: [hook] })).toBe('one\nTWO\nthree\nfour\n');
    // While the person decides, the file changes: the approved hunks are placed on what is there.
    const approver = async () => {
      await touch();
      return 'allow_once' as const;
    };
    expect(await run({ approval: { mode: 'manual', approver } })).toBe('one\nTWO\nthree\nfour\n');
  });
});
