import { spawnSync } from 'node:child_process';
import { lstat, mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { checkToolConformance } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { createAgentsMdKit } from '../test-support/agents-md-kit.js';
import { UPDATE_AGENTS_MD_SPEC } from './update-agents-md-spec.js';

const NEVER = new AbortController().signal;

describe('update_agents_md', () => {
  it('reads a missing AGENTS.md as empty, by default and for a blank action', async () => {
    const t = await createAgentsMdKit();
    const empty = {
      status: 'success',
      output: { action: 'read', path: 'AGENTS.md', exists: false, content: '' },
      display: { summary: 'There is no AGENTS.md yet (action write or append creates it).', text: '' },
    };
    expect(await t.call({})).toEqual(empty);
    expect(await t.call({ action: '  ' })).toEqual(empty);
    expect(await t.call({ action: null })).toEqual(empty);
    expect(await readdir(t.root)).toEqual([]);
  });

  it('reads AGENTS.md at the root first, then .agents/AGENTS.md', async () => {
    const t = await createAgentsMdKit();
    await t.write('.agents/AGENTS.md', 'nested');
    expect(await t.call({ action: 'read' })).toEqual({
      status: 'success',
      output: { action: 'read', path: '.agents/AGENTS.md', exists: true, content: 'nested' },
      display: { summary: 'Read .agents/AGENTS.md', text: 'nested' },
    });
    await t.write('AGENTS.md', '\uFEFFroot\n');
    expect(await t.call({ action: 'READ' })).toEqual({
      status: 'success',
      output: { action: 'read', path: 'AGENTS.md', exists: true, content: 'root\n' },
      display: { summary: 'Read AGENTS.md', text: 'root\n' },
    });
  });

  it('creates AGENTS.md at the root on write when none exists', async () => {
    const t = await createAgentsMdKit();
    expect(await t.call({ action: 'write', content: '# Memory\n' })).toEqual({
      status: 'success',
      output: { action: 'write', path: 'AGENTS.md', resolvedPath: join(t.root, 'AGENTS.md'), success: true },
      display: { summary: 'Wrote AGENTS.md' },
      changes: [{ path: join(t.root, 'AGENTS.md'), oldText: null, newText: '# Memory\n' }],
    });
    expect(await readFile(join(t.root, 'AGENTS.md'), 'utf8')).toBe('# Memory\n');
  });

  it('writes to .agents/AGENTS.md when only that exists', async () => {
    const t = await createAgentsMdKit();
    await t.write('.agents/AGENTS.md', 'old');
    expect(await t.call({ action: 'write', content: 'new' })).toEqual({
      status: 'success',
      output: {
        action: 'write',
        path: '.agents/AGENTS.md',
        resolvedPath: join(t.root, '.agents/AGENTS.md'),
        success: true,
      },
      display: { summary: 'Wrote .agents/AGENTS.md' },
      changes: [{ path: join(t.root, '.agents/AGENTS.md'), oldText: 'old', newText: 'new' }],
    });
    expect(await readFile(join(t.root, '.agents/AGENTS.md'), 'utf8')).toBe('new');
    expect(await readdir(t.root)).toEqual(['.agents']);
  });

  it('appends on a new line when the file does not end with one, and adds no newline after', async () => {
    const t = await createAgentsMdKit();
    await t.write('AGENTS.md', '- one');
    const appended = (oldText: string, newText: string) => ({
      status: 'success',
      output: { action: 'append', path: 'AGENTS.md', resolvedPath: join(t.root, 'AGENTS.md'), success: true },
      display: { summary: 'Appended to AGENTS.md' },
      changes: [{ path: join(t.root, 'AGENTS.md'), oldText, newText }],
    });
    expect(await t.call({ action: 'append', text: '- two' })).toEqual(appended('- one', '- one\n- two'));
    expect(await readFile(join(t.root, 'AGENTS.md'), 'utf8')).toBe('- one\n- two');
    await t.call({ action: 'write', content: 'x\n' });
    expect(await t.call({ action: 'append', text: 'y' })).toEqual(appended('x\n', 'x\ny'));
    expect(await readFile(join(t.root, 'AGENTS.md'), 'utf8')).toBe('x\ny');
  });

  it('appends to an empty or missing file without a leading newline', async () => {
    const t = await createAgentsMdKit();
    await t.call({ action: 'append', text: 'first' });
    expect(await readFile(join(t.root, 'AGENTS.md'), 'utf8')).toBe('first');
  });

  it('serializes parallel appends: none is lost', async () => {
    const t = await createAgentsMdKit();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => t.call({ action: 'append', text: `- fact ${index}\n` })),
    );
    expect(results.every((result) => result.status === 'success')).toBe(true);
    const lines = (await readFile(join(t.root, 'AGENTS.md'), 'utf8')).split('\n').filter(Boolean).sort();
    expect(lines).toEqual(Array.from({ length: 50 }, (_, index) => `- fact ${index}`).sort());
    expect(await readdir(t.root)).toEqual(['AGENTS.md']);
  });

  it('replaces the target of an AGENTS.md symlink inside the workspace, keeping the link', async () => {
    const t = await createAgentsMdKit();
    await t.write('docs/memory.md', 'old');
    await symlink('docs/memory.md', join(t.root, 'AGENTS.md'));
    expect(await t.call({ action: 'write', content: 'new' })).toEqual({
      status: 'success',
      output: {
        action: 'write',
        path: 'AGENTS.md',
        resolvedPath: join(t.root, 'docs/memory.md'),
        success: true,
      },
      display: { summary: 'Wrote AGENTS.md' },
      changes: [{ path: join(t.root, 'docs/memory.md'), oldText: 'old', newText: 'new' }],
    });
    expect((await lstat(join(t.root, 'AGENTS.md'))).isSymbolicLink()).toBe(true);
    expect(await readFile(join(t.root, 'docs/memory.md'), 'utf8')).toBe('new');
  });

  it('refuses an unknown action, listing the actions', async () => {
    const t = await createAgentsMdKit();
    expect(await t.call({ action: 'delete' })).toEqual({
      status: 'failure',
      error: {
        code: 'invalid_arguments',
        message:
          'Invalid arguments for update_agents_md: `action` must be one of "read", "write", "append"; got string "delete".',
      },
    });
  });

  it('refuses a write without content and an append without text', async () => {
    const t = await createAgentsMdKit();
    expect(await t.call({ action: 'write' })).toEqual({
      status: 'failure',
      error: {
        code: 'invalid_arguments',
        message:
          'Invalid arguments for update_agents_md: action "write" needs `content`, the full new AGENTS.md (to add to it, use action "append" with `text`).',
      },
    });
    expect(await t.call({ action: 'append', content: 'x' })).toEqual({
      status: 'failure',
      error: {
        code: 'invalid_arguments',
        message: 'Invalid arguments for update_agents_md: action "append" needs `text`, the text to add.',
      },
    });
    expect(await readdir(t.root)).toEqual([]);
  });

  it('refuses bad arguments of every kind with invalid_arguments, never a throw', async () => {
    const t = await createAgentsMdKit();
    const cases: [unknown, string][] = [
      [{ action: 7 }, '`action` must be one of "read", "write", "append"; got number 7'],
      [{ action: 'write', content: ['a'] }, '`content`: expected string, received array; got array ["a"]'],
      [{ action: 'append', text: { a: 1 } }, '`text`: expected string, received object; got object {"a":1}'],
      [
        { action: 'append', txt: 'x' },
        'unknown field `txt` — did you mean `text`? (known fields: action, content, text)',
      ],
    ];
    for (const [args, problem] of cases) {
      expect(await t.call(args)).toEqual({
        status: 'failure',
        error: { code: 'invalid_arguments', message: `Invalid arguments for update_agents_md: ${problem}.` },
      });
    }
  });

  it('refuses an AGENTS.md that is a directory', async () => {
    const t = await createAgentsMdKit();
    await mkdir(join(t.root, 'AGENTS.md'));
    for (const args of [
      { action: 'read' },
      { action: 'write', content: 'x' },
      { action: 'append', text: 'x' },
    ]) {
      expect(await t.call(args)).toEqual({
        status: 'failure',
        error: {
          code: 'is_directory',
          message: 'AGENTS.md is a directory, not a file; remove or rename it.',
          details: { path: 'AGENTS.md' },
        },
      });
    }
  });

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)(
    'refuses an AGENTS.md that is a FIFO',
    async () => {
      const t = await createAgentsMdKit();
      expect(spawnSync('mkfifo', [join(t.root, 'AGENTS.md')]).status).toBe(0);
      for (const args of [{ action: 'read' }, { action: 'write', content: 'x' }]) {
        expect(await t.call(args)).toEqual({
          status: 'failure',
          error: {
            code: 'not_a_regular_file',
            message: 'AGENTS.md is not a regular file (a FIFO, socket or device).',
            details: { path: 'AGENTS.md' },
          },
        });
      }
    },
  );

  it('refuses an AGENTS.md inside a protected directory', async () => {
    const t = await createAgentsMdKit();
    await mkdir(join(t.root, '.git'));
    await symlink('.git/AGENTS.md', join(t.root, 'AGENTS.md'));
    const result = await t.call({ action: 'write', content: 'x' });
    expect(result.status === 'failure' && result.error.code).toBe('path_protected');
    expect(await readdir(join(t.root, '.git'))).toEqual([]);
  });

  it('diffs a new AGENTS.md against /dev/null in preflight', async () => {
    const t = await createAgentsMdKit();
    const context = { callId: 'c', signal: NEVER };
    const prepared = await t.tools.update_agents_md.prepare!({ action: 'append', text: '- one\n' }, context);
    expect(prepared.status === 'ready' && prepared.preview?.diff).toBe(
      '--- /dev/null\n+++ b/AGENTS.md\n@@ -0,0 +1,1 @@\n+- one\n',
    );
  });

  it('shows the diff of a write or append in preflight', async () => {
    const t = await createAgentsMdKit();
    await t.write('AGENTS.md', '- one');
    const context = { callId: 'c', signal: NEVER };
    expect(await t.tools.update_agents_md.prepare!({ action: 'append', text: '- two\n' }, context)).toEqual({
      status: 'ready',
      plan: { action: 'append', resolvedPath: join(t.root, 'AGENTS.md') },
      preview: {
        lines: ['Append to AGENTS.md (6 bytes)'],
        locations: ['AGENTS.md'],
        remember: { key: 'AGENTS.md', label: 'always for edits with update_agents_md to AGENTS.md' },
        diff: '--- a/AGENTS.md\n+++ b/AGENTS.md\n@@ -1,1 +1,2 @@\n - one\n+- two\n',
        files: [{ path: join(t.root, 'AGENTS.md'), oldText: '- one', newText: '- one\n- two\n' }],
      },
    });
    expect(await t.tools.update_agents_md.prepare!({ action: 'write', content: '- one' }, context)).toEqual({
      status: 'ready',
      plan: { action: 'write', resolvedPath: join(t.root, 'AGENTS.md') },
      preview: {
        lines: ['Write AGENTS.md (5 bytes)', 'no change to the content'],
        locations: ['AGENTS.md'],
        remember: { key: 'AGENTS.md', label: 'always for edits with update_agents_md to AGENTS.md' },
      },
    });
    expect(await t.tools.update_agents_md.prepare!({}, context)).toEqual({
      status: 'ready',
      plan: { action: 'read', resolvedPath: join(t.root, 'AGENTS.md') },
      preview: { lines: ['Read AGENTS.md'], locations: ['AGENTS.md'] },
    });
  });

  it('refuses to write when AGENTS.md resolves elsewhere than preflight saw', async () => {
    const t = await createAgentsMdKit();
    const context = { callId: 'c', signal: NEVER };
    const input = { action: 'write' as const, content: 'x' };
    const prepared = await t.tools.update_agents_md.prepare!(input, context);
    if (prepared.status !== 'ready') throw new Error('expected ready');
    await t.write('.agents/AGENTS.md', 'appeared meanwhile');
    expect(await t.tools.update_agents_md.execute(input, { ...context, plan: prepared.plan })).toEqual({
      status: 'failure',
      error: {
        code: 'precondition_changed',
        message: `AGENTS.md now resolves to ${join(t.root, '.agents/AGENTS.md')}, not ${join(t.root, 'AGENTS.md')} as when the call was checked; nothing was written. Retry the call.`,
        details: {
          path: '.agents/AGENTS.md',
          planned: join(t.root, 'AGENTS.md'),
          now: join(t.root, '.agents/AGENTS.md'),
        },
      },
    });
    expect(await readFile(join(t.root, '.agents/AGENTS.md'), 'utf8')).toBe('appeared meanwhile');
  });

  it('passes the core conformance kit', async () => {
    const t = await createAgentsMdKit();
    expect(
      await checkToolConformance([t.tools.update_agents_md], {
        invalidArguments: [{ action: 'write' }, { action: 'append' }, { action: 'remove' }, { text: 5 }],
      }),
    ).toEqual([]);
  });

  it('is described to the model as follows', () => {
    expect(UPDATE_AGENTS_MD_SPEC.definition).toMatchInlineSnapshot(`
      {
        "annotations": {
          "destructive": true,
          "idempotent": false,
          "openWorld": false,
          "readOnly": false,
          "title": "Update AGENTS.md",
        },
        "description": "Read or update AGENTS.md, the project's long-term memory: conventions, decisions already made and open to-dos that should survive this session. action=read (default) returns {action, path, exists, content}. action=write replaces the whole file with content; action=append adds text at the end (starting on a new line if the file does not end with one; no newline is added after it). The file is AGENTS.md at the workspace root, or .agents/AGENTS.md if only that exists; it is created at the root when neither does. Keep entries short and factual; prefer append for new facts and write only to reorganize.",
        "inputSchema": {
          "additionalProperties": false,
          "properties": {
            "action": {
              "description": "read (default), write (replace the whole file with content) or append (add text at the end).",
              "enum": [
                "read",
                "write",
                "append",
              ],
              "type": "string",
            },
            "content": {
              "description": "The full new AGENTS.md, for action=write.",
              "type": "string",
            },
            "text": {
              "description": "The text to add, for action=append.",
              "type": "string",
            },
          },
          "type": "object",
        },
        "kind": "edit",
        "name": "update_agents_md",
        "source": {
          "type": "built-in",
        },
      }
    `);
  });
});
