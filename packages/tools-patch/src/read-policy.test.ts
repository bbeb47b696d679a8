import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ApprovalAnswer,
  type ApprovalMode,
  type ApprovalRequest,
  type ApprovalRules,
  createToolSurface,
  type ReadPolicy,
  standardDecorators,
  type ToolEvent,
  type ToolResult,
} from '@toolgate/core';
import { createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createPatchTools } from './create-patch-tools.js';

const SECRET = 'prod-password-hunter2';

/** The host's `Read(deploy/keys/**)` deny rule, as a read policy. */
const denyKeys: ReadPolicy = ({ displayPath }) =>
  displayPath === 'deploy/keys' || displayPath.startsWith('deploy/keys/')
    ? { message: `Refused by a permission rule: ${displayPath}` }
    : undefined;

let temp: TempWorkspace;
afterEach(async () => {
  await temp.cleanup();
});

interface Session {
  call(name: 'edit' | 'apply_patch', args: Record<string, unknown>): Promise<ToolResult>;
  readonly asked: ApprovalRequest[];
  readonly events: ToolEvent[];
}

async function session(options: {
  mode: ApprovalMode;
  rules?: ApprovalRules;
  answer?: ApprovalAnswer;
}): Promise<Session> {
  temp = await createTempWorkspace({ readPolicy: denyKeys });
  await temp.write('deploy/keys/prod.txt', `user=admin\npassword=${SECRET}\n`);
  await temp.write('notes.txt', `alpha\nkey=${SECRET}\nomega\n`);
  await symlink('deploy/keys/prod.txt', join(temp.root, 'innocent.txt'));
  const tools = createPatchTools({ workspace: temp.workspace });
  const asked: ApprovalRequest[] = [];
  const events: ToolEvent[] = [];
  const surface = createToolSurface({
    tools: [tools.edit, tools.apply_patch],
    decorators: standardDecorators({
      onEvent: (event) => events.push(event),
      approval: {
        mode: options.mode,
        approver: async (request) => {
          asked.push(request);
          return options.answer ?? 'allow_once';
        },
        ...(options.rules ? { rules: options.rules } : {}),
      },
    }),
  });
  let calls = 0;
  return {
    asked,
    events,
    call: (name, args) => surface.executor.execute({ id: `c${++calls}`, name, arguments: args }),
  };
}

const updatePatch = (path: string, context: string) =>
  `*** Begin Patch\n*** Update File: ${path}\n@@\n-${context}\n+changed\n*** End Patch`;

describe('the read policy in edit and apply_patch', () => {
  it('refuses to read a denied file, by its real path, whether old_string matches or not', async () => {
    const { call, events } = await session({ mode: 'auto' });
    for (const path of ['deploy/keys/prod.txt', 'innocent.txt']) {
      for (const oldString of ['password', 'pasword=hunter']) {
        const result = await call('edit', { path, old_string: oldString, new_string: 'x' });
        expect(result.status === 'failure' && result.error.code).toBe('path_denied');
        expect(JSON.stringify(result)).not.toContain(SECRET);
      }
      for (const context of ['password', 'pasword=hunter']) {
        const result = await call('apply_patch', { patch: updatePatch(path, context) });
        expect(result.status === 'failure' && result.error.code).toBe('path_denied');
        expect(JSON.stringify(result)).not.toContain(SECRET);
      }
    }
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(await temp.read('deploy/keys/prod.txt')).toBe(`user=admin\npassword=${SECRET}\n`);
  });

  it('quotes the closest lines of an admitted file only when the call runs unasked', async () => {
    const { call } = await session({ mode: 'auto' });
    const edited = await call('edit', {
      path: 'notes.txt',
      old_string: 'key=prod-password-hunterX',
      new_string: 'y',
    });
    expect(edited.status === 'failure' && edited.error.message).toContain(SECRET);
    const patched = await call('apply_patch', {
      patch: updatePatch('notes.txt', 'key=prod-password-hunterX'),
    });
    expect(patched.status === 'failure' && patched.error.message).toContain(SECRET);
  });

  it('in manual mode, asks before answering whether old_string or a hunk matches, and quotes only once approved', async () => {
    const { call, asked, events } = await session({ mode: 'manual' });
    const edited = await call('edit', {
      path: 'notes.txt',
      old_string: 'key=prod-password-hunterX',
      new_string: 'y',
    });
    expect(edited.status === 'failure' && edited.error.code).toBe('edit_no_match');
    expect(edited.status === 'failure' && edited.error.message).toContain(SECRET);
    expect(asked.map((request) => [request.detail, request.diff])).toEqual([['Edit notes.txt', undefined]]);
    const requested = events.filter((event) => event.type === 'approval-request');
    expect(requested.length).toBe(1);
  });

  it('in manual mode, a rejection is the same whether old_string or a hunk matches the file', async () => {
    const { call, asked } = await session({ mode: 'manual', answer: 'reject_once' });
    const declined = (detail: string) => ({
      status: 'rejected',
      by: 'approval',
      reason: `The user declined: ${detail}`,
    });
    for (const oldString of [`key=${SECRET}`, 'key=prod-password-hunterX', 'a']) {
      expect(await call('edit', { path: 'notes.txt', old_string: oldString, new_string: 'y' })).toEqual(
        declined('Edit notes.txt'),
      );
    }
    for (const context of [`key=${SECRET}`, 'key=prod-password-hunterX']) {
      const twoFiles = `*** Begin Patch\n*** Update File: other.txt\n@@\n-one\n+two\n*** Update File: notes.txt\n@@\n-${context}\n+changed\n*** End Patch`;
      await temp.write('other.txt', 'one\n');
      expect(await call('apply_patch', { patch: updatePatch('notes.txt', context) })).toEqual(
        declined('Update notes.txt'),
      );
      expect(await call('apply_patch', { patch: twoFiles })).toEqual(
        declined('Update other.txt, Update notes.txt'),
      );
    }
    expect(asked.length).toBe(7);
    expect(await temp.read('notes.txt')).toBe(`alpha\nkey=${SECRET}\nomega\n`);
  });

  it('refuses a mismatch a rule denies as the rule, quoting nothing', async () => {
    const rules: ApprovalRules = async (request) =>
      request.locations?.includes('notes.txt')
        ? { decision: 'deny', reason: 'the deny rule "Edit(notes.txt)" matches notes.txt' }
        : undefined;
    const { call, events } = await session({ mode: 'auto', rules });
    const edited = await call('edit', {
      path: 'notes.txt',
      old_string: 'key=prod-password-hunterX',
      new_string: 'y',
    });
    expect(edited).toEqual({
      status: 'rejected',
      by: 'rule',
      reason: 'the deny rule "Edit(notes.txt)" matches notes.txt',
    });
    const patched = await call('apply_patch', {
      patch: updatePatch('notes.txt', 'key=prod-password-hunterX'),
    });
    expect(patched).toMatchObject({ status: 'rejected', by: 'rule' });
    expect(JSON.stringify(events)).not.toContain(SECRET);
  });
});
