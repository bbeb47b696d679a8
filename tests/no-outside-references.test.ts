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
 * cited by section (the design document's or the seed's name, a space, the section sign) and files
 * in the shared directory beside the checkout. Spelled so that neither this file nor a `git grep`
 * for those words matches it.
 */
const OUTSIDE_REFERENCE = /[D]ESIGN \u00a7|seed \u00a7|\.\.\/shared\//;

/** A pointer into the architecture document: `(docs/…, "Section")` or a link `docs/…#anchor`. */
const ARCHITECTURE_POINTER = /docs\/architecture\.md(?:, "([^"]+)"|#([a-z0-9-]+))/g;

/** Files not written by us: the lockfile, installed packages, and changesets (consumed at release). */
const SKIPPED = /(^|\/)(node_modules|\.changeset)\/|(^|\/)pnpm-lock\.yaml$/;

interface TrackedText {
  readonly file: string;
  readonly text: string;
}

/** Every file git tracks in `dir` that is text (no NUL byte), except {@link SKIPPED}. */
async function trackedTextFiles(dir: string): Promise<TrackedText[]> {
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  const files = stdout.split('\0').filter((file) => file !== '' && !SKIPPED.test(file));
  const read = await Promise.all(
    files.map(async (file) => {
      try {
        const data = await readFile(join(dir, file));
        return data.includes(0) ? [] : [{ file, text: data.toString('utf8') }];
      } catch {
        return []; // deleted in the work tree but not yet in the index, or not a file
      }
    }),
  );
  return read.flat();
}

/** Every line that points outside the repository, as `file:line: text`. */
function outsideReferences(files: readonly TrackedText[]): string[] {
  return files.flatMap(({ file, text }) =>
    text
      .split('\n')
      .flatMap((line, index) =>
        OUTSIDE_REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');
}

/**
 * Pointers into the architecture document that name no section of it: a quoted name must begin a
 * heading, an anchor must be a heading's. A pointer wrapped over comment lines is joined first.
 */
function danglingPointers(files: readonly TrackedText[], architecture: string): string[] {
  const headings = [...architecture.matchAll(/^#+ (.+)$/gm)].map((match) => match[1]!.trim());
  return files.flatMap(({ file, text }) => {
    const joined = text.replace(/[ \t]*\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, ' ');
    return [...joined.matchAll(ARCHITECTURE_POINTER)]
      .filter(([, name, anchor]) =>
        name === undefined
          ? !headings.some((heading) => anchorOf(heading) === anchor)
          : !headings.some((heading) => heading.startsWith(name)),
      )
      .map(([pointer]) => `${file}: ${pointer}`);
  });
}

describe('references to documents outside the repository', () => {
  it('finds none in any tracked file: say it here, or point at docs/architecture.md', async () => {
    expect(outsideReferences(await trackedTextFiles(root))).toEqual([]);
  });

  it('reports a tracked text file that cites design notes or the shared directory, and skips binaries, the lockfile, changesets and untracked files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolgate-references-'));
    try {
      const section = `${'D'}ESIGN ${'\u00a7'}5`;
      await mkdir(join(dir, 'src'));
      await mkdir(join(dir, '.changeset'));
      await writeFile(join(dir, 'src', 'tool.ts'), `// ok\n/** The default rule (${section}). */\n`);
      await writeFile(join(dir, 'README.md'), `See ${'..'}/shared/notes.md and seed ${'\u00a7'}15.\n`);
      await writeFile(join(dir, 'clean.md'), 'Nothing outside: docs/architecture.md, "Approval".\n');
      await writeFile(join(dir, 'image.bin'), Buffer.concat([Buffer.from(section), Buffer.from([0, 1, 2])]));
      await writeFile(join(dir, 'pnpm-lock.yaml'), `# ${section}\n`);
      await writeFile(join(dir, '.changeset', 'note.md'), `${section}\n`);
      await run('git', ['init', '-q'], { cwd: dir });
      await run('git', ['add', '.'], { cwd: dir });
      await writeFile(join(dir, 'untracked.md'), `${section}\n`);

      expect(outsideReferences(await trackedTextFiles(dir)).sort()).toEqual([
        `README.md:1: See ${'..'}/shared/notes.md and seed ${'\u00a7'}15.`,
        `src/tool.ts:2: /** The default rule (${section}). */`,
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('points only at sections docs/architecture.md has', async () => {
    const architecture = await readFile(join(root, 'docs', 'architecture.md'), 'utf8');
    expect(danglingPointers(await trackedTextFiles(root), architecture)).toEqual([]);
  });

  it('reports a pointer to a section or anchor the document lacks, even wrapped over comment lines', () => {
    const doc = 'docs/architecture.md';
    const architecture = '# Title\n\n## Rules, secrets, hooks and audit\n\n## Past one machine: a pod\n';
    const files = [
      { file: 'ok.ts', text: `/**\n * Hooks (${doc}, "Rules, secrets,\n * hooks and audit").\n */` },
      { file: 'prefix.ts', text: `// (${doc}, "Past one machine")` },
      { file: 'link.md', text: `[a pod](${doc}#past-one-machine-a-pod)` },
      { file: 'gone.ts', text: `/** (${doc}, "Approval") */` },
      { file: 'bad-link.md', text: `[x](${doc}#approval)` },
    ];
    expect(danglingPointers(files, architecture)).toEqual([
      `gone.ts: ${doc}, "Approval"`,
      `bad-link.md: ${doc}#approval`,
    ]);
  });
});
