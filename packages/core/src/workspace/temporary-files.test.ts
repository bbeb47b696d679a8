import { mkdir, mkdtemp, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace } from './create-workspace.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** A name of the shape `temporaryName` makes, as a write in progress (or a killed one) leaves it. */
const IN_FLIGHT = '.notes.txt.0123456789ab.toolgate-tmp';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-temporary-')));
  await writeFile(join(root, 'notes.txt'), 'notes\n');
  await writeFile(join(root, IN_FLIGHT), 'half-writ');
  await writeFile(join(root, 'build.toolgate-tmp'), 'the user’s own file\n');
  await symlink(IN_FLIGHT, join(root, 'innocent.txt'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the temporary files of atomic writes', () => {
  it('are refused by the read predicate every walker asks, with path_protected', () => {
    const workspace = createWorkspace({ root });
    expect(workspace.checkReadable(join(root, IN_FLIGHT))).toEqual({
      status: 'failure',
      error: {
        code: 'path_protected',
        message: `Refusing to read "${IN_FLIGHT}": the name "${IN_FLIGHT}" on its path has the shape of the temporary file of a write in progress (.<name>.<12 hex digits>.toolgate-tmp, in any case: toolgate writes a file under such a name, then renames it over the file), and no tool lists, reads or writes one or anything under it.`,
        details: { requestedPath: IN_FLIGHT, resolvedPath: join(root, IN_FLIGHT), temporaryName: IN_FLIGHT },
      },
    });
    expect(workspace.checkReadable(join(root, 'build.toolgate-tmp'))).toBeUndefined();
    expect(workspace.checkReadable(join(root, 'notes.txt'))).toBeUndefined();
  });

  it('are refused when named for reading or writing, also through a link', async () => {
    const workspace = createWorkspace({ root });
    for (const resolution of [
      await workspace.resolveReadable(IN_FLIGHT),
      await workspace.resolveReadable('innocent.txt'),
      await workspace.resolveReadable(`./${IN_FLIGHT}`),
      await workspace.resolveWritable(IN_FLIGHT),
      await workspace.resolveWritable('innocent.txt'),
      (await workspace.resolveWritableAll([IN_FLIGHT]))[0]!,
    ]) {
      expect(resolution.status === 'failure' && resolution.error.code).toBe('path_protected');
    }
    expect(await workspace.resolveWritable(IN_FLIGHT)).toMatchObject({
      status: 'failure',
      error: {
        message: expect.stringMatching(
          /^Refusing to write ".notes.txt.0123456789ab.toolgate-tmp": the name ".notes.txt.0123456789ab.toolgate-tmp" on its path has the shape of the temporary file/,
        ),
      },
    });
    expect((await workspace.resolveReadable('build.toolgate-tmp')).status).toBe('success');
    expect((await workspace.resolveWritable('build.toolgate-tmp')).status).toBe('success');
  });

  it('are refused in any case, since a case-insensitive file system names one file so', async () => {
    const workspace = createWorkspace({ root });
    const upper = IN_FLIGHT.toUpperCase();
    await writeFile(join(root, upper), 'half-writ');
    expect(workspace.checkReadable(join(root, upper))?.error.code).toBe('path_protected');
    for (const resolution of [await workspace.resolveReadable(upper), await workspace.resolveWritable(upper)])
      expect(resolution.status === 'failure' && resolution.error.code).toBe('path_protected');
  });

  it('refuse what is under a directory of that shape, as walkers never enter one', async () => {
    const directory = '.cache.fedcba987654.toolgate-tmp';
    await mkdir(join(root, directory));
    await writeFile(join(root, directory, 'inside.txt'), 'inside\n');
    await symlink(directory, join(root, 'alias'));
    const workspace = createWorkspace({ root });
    expect(workspace.checkReadable(join(root, directory), { directory: true })?.error.code).toBe(
      'path_protected',
    );
    expect(workspace.checkReadable(join(root, directory, 'inside.txt'))?.error).toMatchObject({
      code: 'path_protected',
      details: { temporaryName: directory },
    });
    for (const resolution of [
      await workspace.resolveReadable(`${directory}/inside.txt`),
      await workspace.resolveReadable('alias/inside.txt'),
      await workspace.resolveWritable(`${directory}/new.txt`),
      await workspace.resolveWritable('alias/new.txt'),
      await workspace.resolveWritable(`${directory}/sub/new.txt`),
    ]) {
      expect(resolution.status === 'failure' && resolution.error.code).toBe('path_protected');
    }
  });

  it('are refused by name before the file system is asked, so a trailing slash tells nothing', async () => {
    const workspace = createWorkspace({ root });
    for (const path of [`${IN_FLIGHT}/`, `${IN_FLIGHT}/x`, '.missing.0123456789ab.toolgate-tmp/'])
      for (const resolution of [await workspace.resolveReadable(path), await workspace.resolveWritable(path)])
        expect([path, resolution.status === 'failure' && resolution.error.code]).toEqual([
          path,
          'path_protected',
        ]);
  });

  it('look only below the root: a workspace that lies under such a directory works', async () => {
    const nested = join(root, '.outer.0123456789ab.toolgate-tmp', 'project');
    await mkdir(nested, { recursive: true });
    await writeFile(join(nested, 'a.txt'), 'a\n');
    const workspace = createWorkspace({ root: nested });
    expect(workspace.checkReadable(join(nested, 'a.txt'))).toBeUndefined();
    expect((await workspace.resolveReadable('a.txt')).status).toBe('success');
    expect((await workspace.resolveWritable('b.txt')).status).toBe('success');
  });

  it('refuses the temporary file of a write while it is being written', async () => {
    const workspace = createWorkspace({ root });
    let refused = 0;
    // Large, so that the write spans many turns of the event loop; tried until one is seen.
    for (let attempt = 0; attempt < 20 && refused === 0; attempt++) {
      let settled = false;
      const write = writeFileAtomic(join(root, 'big.txt'), Buffer.alloc(32 * 1024 * 1024, 0x61), {
        sync: false,
      }).finally(() => {
        settled = true;
      });
      while (!settled) {
        const names = await readdir(root);
        for (const name of names.filter((entry) => entry.startsWith('.big.txt.'))) {
          expect(workspace.checkReadable(join(root, name))?.error.code).toBe('path_protected');
          refused++;
        }
        await new Promise((done) => setImmediate(done));
      }
      await write;
    }
    expect(refused).toBeGreaterThan(0);
  });
});
