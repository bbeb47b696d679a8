import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorkspace, type Workspace } from '@toolgate/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchTools } from './create-search-tools.js';
import { findRipgrep } from './internal/find-ripgrep.js';
import { toContent } from './internal/search-text.js';
import { buildRealTree } from './test-support/real-tree.js';

const ripgrep = await findRipgrep(process.env.PATH);
const describeWithRipgrep = ripgrep ? describe : describe.skip;
if (!ripgrep) console.warn('equivalence tests skipped: no `rg` on PATH');

let root: string;
let workspace: Workspace;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tools-search-real-'));
  await buildRealTree(root, 2500);
  workspace = createWorkspace({ root });
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const WALK = ['--no-config', '--hidden', '--no-ignore-global', '--glob', '!.git', '--glob', '!node_modules'];

function rawRipgrepFiles(): string[] {
  const result = spawnSync(ripgrep!, [...WALK, '--files', '.'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^\.\//, ''));
}

function rawRipgrepGrep(
  pattern: string,
  flags: string[] = [],
): Array<{ file: string; line: number; content: string }> {
  const result = spawnSync(ripgrep!, [...WALK, '--json', ...flags, `--regexp=${pattern}`, '.'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const matches: Array<{ file: string; line: number; content: string }> = [];
  let pending: typeof matches = [];
  for (const line of result.stdout.split('\n')) {
    if (line === '') continue;
    const message = JSON.parse(line);
    if (message.type === 'match') {
      const text =
        message.data.lines.text ?? Buffer.from(message.data.lines.bytes, 'base64').toString('utf8');
      pending.push({
        file: message.data.path.text.replace(/^\.\//, ''),
        line: message.data.line_number,
        content: toContent(text),
      });
    } else if (message.type === 'end') {
      if (message.data.binary_offset === null) matches.push(...pending);
      pending = [];
    }
  }
  return matches.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

function byPath<T extends { file: string; line: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

const GREP_CASES: ReadonlyArray<{
  pattern: string;
  include?: string;
  caseInsensitive?: boolean;
  rg?: string[];
}> = [
  { pattern: 'module\\.exports' },
  { pattern: 'function\\s+\\w+\\(' },
  { pattern: 'todo', caseInsensitive: true, rg: ['--ignore-case'] },
  { pattern: 'export', include: '*.ts', rg: ['--type-add', 'x:*.ts', '--type', 'x'] },
  {
    pattern: '^import .* from',
    include: '*.{js,mjs}',
    rg: ['--type-add', 'x:*.js', '--type-add', 'x:*.mjs', '--type', 'x'],
  },
  { pattern: '[0-9]{4}-[0-9]{2}' },
  // Rust syntax the Node engine translates to RE2 (linear time) or, where RE2 differs, runs exactly.
  { pattern: '\\bimport\\b' },
  { pattern: '[[:upper:]][[:lower:]]+Error\\b' },
  { pattern: '(?i)todo|fixme' },
  { pattern: '\\S\\s+$' },
  { pattern: '[^\\w\\s]{4}' },
  { pattern: '\\d+\\.\\d+\\.\\d+' },
  { pattern: '\\p{Lu}\\p{Ll}+Error' },
  { pattern: '(?:async\\s+)?function\\*?\\s*\\w*\\s*\\(' },
  // Look-around: rg --pcre2 in the ripgrep engine, the worker in the Node engine.
  { pattern: 'require(?=\\()', rg: ['--pcre2'] },
];

describeWithRipgrep('equivalence on a real tree (both engines and rg itself)', () => {
  it('lists the same files through glob with both engines as rg --files', async () => {
    const expected = rawRipgrepFiles();
    // The ignore files on top drop much of the store (the first packages, `*.d.ts`, maps).
    expect(expected.length).toBeGreaterThan(500);
    const sorted = [...expected].sort((a, b) => (a < b ? -1 : 1));
    for (const engine of ['ripgrep', 'node'] as const) {
      const { glob } = createSearchTools({ workspace, engine });
      const result = await glob.execute(
        { pattern: '**', maxResults: 1_000_000 },
        { callId: 'c', signal: new AbortController().signal, plan: undefined },
      );
      if (result.status !== 'success') throw new Error(JSON.stringify(result));
      expect([...result.output.matches].sort((a, b) => (a < b ? -1 : 1))).toEqual(sorted);
    }
  });

  it.each(GREP_CASES)(
    'greps $pattern (include $include) the same way in both engines and rg',
    async (testCase) => {
      const expected = rawRipgrepGrep(testCase.pattern, testCase.rg);
      expect(expected.length).toBeGreaterThan(0);
      const outputs = [];
      for (const engine of ['ripgrep', 'node'] as const) {
        const { grep } = createSearchTools({ workspace, engine });
        const result = await grep.execute(
          {
            pattern: testCase.pattern,
            maxResults: 1_000_000,
            ...(testCase.include ? { include: testCase.include } : {}),
            ...(testCase.caseInsensitive ? { caseInsensitive: true } : {}),
          },
          { callId: 'c', signal: new AbortController().signal, plan: undefined },
        );
        if (result.status !== 'success') throw new Error(JSON.stringify(result));
        expect(byPath(result.output.matches)).toEqual(expected);
        outputs.push(result.output);
      }
      expect(outputs[0]).toEqual(outputs[1]);
    },
  );
});
