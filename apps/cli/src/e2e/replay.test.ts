import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

const hasJq = spawnSync('jq', ['--version']).status === 0;
const EXAMPLES = resolve(import.meta.dirname, '../../../../examples/replay');
let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-replay-e2e-')));
  await cp(join(EXAMPLES, 'demo'), root, { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const run = (script: string, args: readonly string[]) =>
  runToolgate(['run', 'Fix the greeting', '--cwd', root, '--model', `replay:${script}`, ...args], {
    cwd: EXAMPLES,
  });

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate run --model replay:FILE ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('plays the shipped script: the patch is refused without a terminal, the turn stops blocked (exit 3)', async () => {
      const result = await run('fix-typo.jsonl', []);
      expect(result.code).toBe(3);
      expect(result.stdout).toContain('I will fix it.');
      expect(result.stdout).not.toContain('Fixed');
      expect(await readFile(join(root, 'greet.js'), 'utf8')).toContain('Helo,');
    });

    it('plays the same turn to its end in auto mode, and the file is patched (exit 0)', async () => {
      const result = await run('fix-typo.jsonl', ['--approval', 'auto']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Fixed: greet.js now says "Hello".');
      expect(await readFile(join(root, 'greet.js'), 'utf8')).toContain('Hello,');
      expect(result.stderr).toContain('M greet.js');
    });

    it.each([
      ['read-only.jsonl', 0, 'greet.js exports one function'],
      ['rejected-command.jsonl', 3, 'I will run the tests.'],
    ])('plays %s in safe mode: exit %i, and says %j', async (script, code, text) => {
      const result = await run(script, []);
      expect(result.code).toBe(code);
      expect(result.stdout).toContain(text);
      expect(result.stderr).not.toMatch(/internal error|no turn left/);
    });

    it.skipIf(!hasJq)('turns a recorded `run --json` into a script that replays the same turn', async () => {
      const recorded = await run('fix-typo.jsonl', ['--approval', 'auto', '--json']);
      expect(recorded.code).toBe(0);
      const script = join(root, '..', `${basename(root)}.jsonl`);
      const converted = spawnSync('jq', ['-sc', '-f', join(EXAMPLES, 'from-run-json.jq')], {
        input: recorded.stdout,
        encoding: 'utf8',
      });
      expect(converted.status).toBe(0);
      await writeFile(script, converted.stdout);
      await cp(join(EXAMPLES, 'demo'), root, { recursive: true, force: true });
      try {
        const replayed = await run(script, ['--approval', 'auto', '--json']);
        expect(replayed.code).toBe(0);
        const turnEnd = (stdout: string) => stdout.trim().split('\n').at(-1);
        expect(turnEnd(replayed.stdout)).toBe(turnEnd(recorded.stdout));
        expect(await readFile(join(root, 'greet.js'), 'utf8')).toContain('Hello,');
      } finally {
        await rm(script, { force: true });
      }
    });

    it('reports a bad script as a configuration error (exit 2) naming the line', async () => {
      await writeFile(join(root, 'bad.jsonl'), '{"text": "ok"}\n{"toolCals": []}\n');
      const result = await runToolgate([
        'run',
        'x',
        '--cwd',
        root,
        '--model',
        `replay:${join(root, 'bad.jsonl')}`,
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/bad\.jsonl:2: .*toolCals/);
      const missing = await runToolgate(['run', 'x', '--cwd', root, '--model', 'replay:no-such.jsonl']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/replay:no-such\.jsonl: cannot read the script \(ENOENT\)/);
    });
  },
);
