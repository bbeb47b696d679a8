import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApprovalMode, ToolEvent, ToolResult } from '@toolgate/core';
import { parsePermissionRules } from '@toolgate/rules';
import { openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { createSessionSurface } from '../session/create-session-surface.js';
import { readPolicyOfRules } from './read-policy-of-rules.js';

const SECRET = 'prod-key-material-42';

const bwrapMissing = await (async () => {
  const directory = await mkdtemp(join(tmpdir(), 'toolgate-bwrap-probe-'));
  try {
    const opening = await openBwrapSandbox({ workspaceRoot: directory, mode: 'workspace-write' });
    return opening.ok ? undefined : opening.reason;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
})();
if (bwrapMissing) console.warn(`sandboxed bash under read deny rules not tested: ${bwrapMissing}`);

let base: string;
let root: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-read-policy-')));
  root = join(base, 'repo');
  await mkdir(join(root, 'deploy', 'keys', 'old'), { recursive: true });
  await writeFile(join(root, 'deploy', 'keys', 'prod.txt'), `token=${SECRET}\n`);
  await writeFile(join(root, 'deploy', 'keys', 'old', 'v1.txt'), `token=${SECRET}-v1\n`);
  await writeFile(join(root, 'deploy', 'run.sh'), 'echo token\n');
  await writeFile(join(root, 'README.md'), 'token docs\n');
  await symlink('deploy/keys/prod.txt', join(root, 'notes.txt'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

interface Session {
  call(name: string, input: Record<string, unknown>): Promise<ToolResult>;
  readonly events: ToolEvent[];
}

/** A session as the hosts open one: settings from the config files, then the session surface. */
async function withSession(
  config: Record<string, unknown>,
  mode: ApprovalMode,
  work: (session: Session) => Promise<void>,
  env: Record<string, string> = {},
  sandboxed = false,
): Promise<void> {
  const userFile = join(base, 'config', 'toolgate', 'config.json');
  await mkdir(join(base, 'config', 'toolgate'), { recursive: true });
  await writeFile(userFile, JSON.stringify(config));
  const settings = await resolveSessionSettings({ root, env, userFile, notice: () => {} });
  const events: ToolEvent[] = [];
  const session = await createSessionSurface({
    root,
    config: settings.config,
    mode,
    sandbox: sandboxed
      ? { mode: 'workspace-write', network: false, requiredBy: 'the test', notice: () => {} }
      : 'unconfined',
    readPolicy: settings.readPolicy,
    unreachablePaths: settings.unreachablePaths,
    onEvent: (event) => events.push(event),
    ...(settings.rules ? { rules: settings.rules } : {}),
  });
  let calls = 0;
  try {
    await work({
      events,
      call: (name, input) => session.surface.executor.execute({ id: `c${++calls}`, name, arguments: input }),
    });
  } finally {
    await session.close();
  }
}

describe('the read policy of permission rules', () => {
  it('keeps every file under Read(deploy/keys/**) out of grep and glob, whatever the search root', async () => {
    await withSession(
      { permissions: { deny: ['Read(deploy/keys/**)'] } },
      'auto',
      async ({ call, events }) => {
        for (const path of [undefined, '.', 'deploy']) {
          const result = await call('grep', { pattern: 'token', ...(path ? { path } : {}) });
          expect(result.status).toBe('success');
          expect(JSON.stringify(result)).not.toContain(SECRET);
        }
        for (const path of ['deploy/keys', 'deploy/keys/old', 'deploy/keys/prod.txt', 'notes.txt']) {
          const result = await call('grep', { pattern: 'token', path });
          expect([path, result.status === 'failure' ? result.error.code : result.status]).toEqual([
            path,
            'path_denied',
          ]);
        }
        const listed = await call('glob', { pattern: '**/*' });
        expect(listed.status === 'success' && listed.output).toMatchObject({
          matches: ['README.md', 'deploy/run.sh'],
        });
        expect(JSON.stringify(events)).not.toContain(SECRET);
      },
    );
  });

  it.skipIf(bwrapMissing !== undefined)(
    'keeps sandboxed bash from reading what Read deny rules cover: a denied directory shows empty',
    async () => {
      await withSession(
        { permissions: { deny: ['Read(deploy/keys/**)', 'Read(*.md)'] } },
        'auto',
        async ({ call }) => {
          const result = await call('bash', {
            action: 'exec',
            command:
              'cat deploy/keys/prod.txt; echo "[$(ls -A deploy/keys)]"; cat notes.txt; cat README.md; cat deploy/run.sh',
          });
          expect(JSON.stringify(result)).not.toContain(SECRET);
          expect(JSON.stringify(result)).not.toContain('token docs');
          expect(result.status === 'success' && result.output).toMatchObject({
            stdout: expect.stringContaining('[]\necho token\n'),
          });
        },
        {},
        true,
      );
    },
  );

  it('refuses read_file, edit and apply_patch of a denied file and of a link to one, quoting nothing', async () => {
    await withSession(
      { permissions: { deny: ['read_file(deploy/keys/**)'] } },
      'auto',
      async ({ call, events }) => {
        for (const path of ['deploy/keys/prod.txt', 'notes.txt']) {
          const read = await call('read_file', { path });
          expect(read.status === 'failure' ? read.error.code : read.status).toMatch(/path_denied|rejected/);
          const edited = await call('edit', { path, old_string: 'token=nearly', new_string: 'x' });
          expect(edited.status === 'failure' && edited.error.code).toBe('path_denied');
          const patched = await call('apply_patch', {
            patch: `*** Begin Patch\n*** Update File: ${path}\n@@\n-token=nearly\n+x\n*** End Patch`,
          });
          expect(patched.status === 'failure' && patched.error.code).toBe('path_denied');
        }
        expect(JSON.stringify(events)).not.toContain(SECRET);
      },
    );
  });

  it('answers a mismatched edit under an Edit deny rule with the rule, and in manual mode with the rejection', async () => {
    await writeFile(join(root, 'app.ts'), `const key = "${SECRET}";\n`);
    await withSession({ permissions: { deny: ['Edit(app.ts)'] } }, 'auto', async ({ call }) => {
      const edited = await call('edit', { path: 'app.ts', old_string: 'const kee = 1', new_string: 'x' });
      expect(edited).toMatchObject({ status: 'rejected', by: 'rule' });
      expect(JSON.stringify(edited)).not.toContain(SECRET);
    });
    await withSession({}, 'manual', async ({ call, events }) => {
      // No approver: the mismatch waits for approval like a match would, and is rejected.
      const edited = await call('edit', { path: 'app.ts', old_string: 'const kee = 1', new_string: 'x' });
      const matched = await call('edit', { path: 'app.ts', old_string: 'const key', new_string: 'x' });
      expect(edited).toEqual(matched);
      expect(edited).toMatchObject({ status: 'rejected', by: 'approval' });
      expect(JSON.stringify([edited, events])).not.toContain(SECRET);
    });
  });

  it("protects the user's config directory and toolgate's state directory from every tool", async () => {
    const state = join(base, 'state');
    await mkdir(join(state, 'toolgate', 'sessions'), { recursive: true });
    const stateSecret = 'session-token-77';
    await writeFile(join(state, 'toolgate', 'sessions', 'token.json'), `{"token":"${stateSecret}"}`);
    await withSession(
      { workspace: { allowOutsideWorkspace: true, readRoots: [base] } },
      'auto',
      async ({ call, events }) => {
        const tokenFile = join(state, 'toolgate', 'sessions', 'token.json');
        const read = await call('read_file', { path: tokenFile });
        expect(read.status === 'failure' && read.error.code).toBe('path_protected');
        const written = await call('write_file', { path: join(state, 'toolgate', 'x.json'), content: '{}' });
        expect(written.status === 'failure' && written.error.code).toBe('path_protected');
        const found = await call('grep', { pattern: 'token', path: base });
        expect(found.status).toBe('success');
        expect(JSON.stringify(found)).not.toContain(stateSecret);
        expect(JSON.stringify(await call('glob', { pattern: '**/*.json', path: base }))).not.toContain(
          'sessions',
        );
        const config = await call('read_file', { path: join(base, 'config', 'toolgate', 'config.json') });
        expect(config.status === 'failure' && config.error.code).toBe('path_protected');
        expect(JSON.stringify(events)).not.toContain(stateSecret);
      },
      { XDG_STATE_HOME: state },
    );
  });

  it('covers a directory itself when a rule covers everything in it, so walkers prune it', () => {
    const policy = readPolicyOfRules(
      parsePermissionRules({ deny: ['Read(deploy/keys/**)', 'grep(vendor/*)', 'Edit(src/**)'] }, 'u.json')
        .rules,
    )!;
    const ask = (displayPath: string, directory: boolean) =>
      policy({ realPath: `/w/${displayPath}`, displayPath, directory }) !== undefined;
    expect(
      [
        ['deploy/keys', true],
        ['deploy/keys/a/b.txt', false],
        ['deploy', true],
        ['deploy/keys-old', true],
        ['vendor', true],
        ['vendor/x.js', false],
        ['src/a.ts', false],
      ].map(([path, directory]) => [path, ask(path as string, directory as boolean)]),
    ).toEqual([
      ['deploy/keys', true],
      ['deploy/keys/a/b.txt', true],
      ['deploy', false],
      ['deploy/keys-old', false],
      ['vendor', true],
      ['vendor/x.js', true],
      ['src/a.ts', false],
    ]);
  });
});
