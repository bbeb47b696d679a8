import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/**
 * Pointers at documents that are not in the repository, so no user can follow them: design notes
 * cited by section (the word DESIGN or seed, a space, the section sign) and files in the shared
 * directory beside the checkout. Spelled with escapes so that this file does not match itself.
 */
const OUTSIDE_REFERENCE = /DESIGN \u00a7|seed \u00a7|\.\.\/shared\//;

/** Files not written by us: the lockfile, installed packages, and changesets (consumed at release). */
const SKIPPED = /(^|\/)(node_modules|\.changeset)\/|(^|\/)pnpm-lock\.yaml$/;

/** Every line of a tracked text file in `dir` that points outside the repository, as `file:line: text`. */
async function outsideReferences(dir: string): Promise<string[]> {
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  const files = stdout.split('\0').filter((file) => file !== '' && !SKIPPED.test(file));
  const found = await Promise.all(
    files.map(async (file) => {
      let data: Buffer;
      try {
        data = await readFile(join(dir, file));
      } catch {
        return []; // deleted in the work tree but not yet in the index, or not a file
      }
      if (data.includes(0)) return []; // binary
      return data
        .toString('utf8')
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE_REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        );
    }),
  );
  return found.flat();
}

describe('references to documents outside the repository', () => {
  it('finds none in any tracked file: say it here, or point at docs/architecture.md', async () => {
    expect(await outsideReferences(root)).toEqual([]);
  });

  it('reports a tracked text file that cites design notes or ../shared, and skips binaries, the lockfile, changesets and untracked files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolgate-references-'));
    try {
      const section = `DESIGN ${'\u00a7'}5`;
      await mkdir(join(dir, 'src'));
      await mkdir(join(dir, '.changeset'));
      await writeFile(join(dir, 'src', 'tool.ts'), `// ok\n/** The default rule (${section}). */\n`);
      await writeFile(join(dir, 'README.md'), `See ${'../shared'}/notes.md and seed ${'\u00a7'}15.\n`);
      await writeFile(join(dir, 'clean.md'), 'Nothing outside: docs/architecture.md, "Approval".\n');
      await writeFile(join(dir, 'image.bin'), Buffer.concat([Buffer.from(section), Buffer.from([0, 1, 2])]));
      await writeFile(join(dir, 'pnpm-lock.yaml'), `# ${section}\n`);
      await writeFile(join(dir, '.changeset', 'note.md'), `${section}\n`);
      await run('git', ['init', '-q'], { cwd: dir });
      await run('git', ['add', '.'], { cwd: dir });
      await writeFile(join(dir, 'untracked.md'), `${section}\n`);

      expect((await outsideReferences(dir)).sort()).toEqual([
        `README.md:1: See ${'../shared'}/notes.md and seed ${'\u00a7'}15.`,
        `src/tool.ts:2: /** The default rule (${section}). */`,
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
