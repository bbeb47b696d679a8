import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

// Node's built-ins that cost milliseconds to load stay out of a command that does not use them:
// a listing and a one-shot read or write draw no random id and hash nothing, so they load no
// node:crypto (about 7 ms), nor child_process or the network stack, nor fs/promises (a write's
// temporary name comes from /dev/urandom, its descriptors are plain ones), nor node:v8 (about
// 5 ms with perf_hooks; only a call with ARGS over 2 MiB loads it, to turn TurboFan off). What Node actually loaded is read from
// `process.moduleLoadList` as the process exits.
//
// Nor do they load the bundle's code for what they never run: the agent's loop, the session
// store, the checkpoints, the model providers. The probe records each file of the bundle that
// Node loads (a module hook); the bundle names each source file it holds in a `// <path>` line,
// which the test reads in those files (and checks it finds, for the modules a listing does run).
// A listing validates nothing, so it loads no zod either (the bundle's stand-in loads zod on its
// first use); nor does a call whose arguments the tool's input check vouches for (core's
// `runInputCheck`), while a call with arguments only zod can judge (a quoted number) does.

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolgate-start-up-'));
  await writeFile(join(root, 'a.txt'), 'hello\n');
  await writeFile(
    join(root, 'probe.mjs'),
    [
      "import { writeFileSync } from 'node:fs';",
      "import { registerHooks } from 'node:module';",
      'const files = [];',
      "registerHooks({ load(url, context, next) { if (url.startsWith('file:')) files.push(url); return next(url, context); } });",
      `process.on('exit', () => { writeFileSync(${JSON.stringify(join(root, 'loaded.txt'))}, process.moduleLoadList.join('\\n')); writeFileSync(${JSON.stringify(join(root, 'files.txt'))}, files.join('\\n')); });`,
    ].join('\n'),
  );
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const COSTLY = /^NativeModule (crypto|child_process|https?|net|tls|v8|perf_hooks|internal\/crypto\/.*)$/;

/** The source files of the bundle held in the files a command loaded, from the bundle's `// <path>` lines. */
async function bundledSources(fileList: string): Promise<string[]> {
  const sources: string[] = [];
  for (const url of (await readFile(fileList, 'utf8')).split('\n').filter(Boolean)) {
    const text = await readFile(fileURLToPath(url), 'utf8');
    for (const match of text.matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)) sources.push(match[1] ?? '');
  }
  return sources;
}

/** zod's own modules, in the bundle's file that its stand-in for `z` loads on first use. */
const ZOD = /node_modules\/zod\//;

/**
 * Code that neither a listing nor a one-shot call of a tool other than bash runs: the agent's loop
 * and replay model, the session store (its records, their schema, its lock), the checkpoints, the
 * model providers, and the bash rules' command-line analysis (the analyzer, the wrapper grammars,
 * the verdict on one command), which rules load on the first command line they judge.
 */
const NOT_AT_START_UP =
  /packages\/agent\/src\/(run-turn|create-agent-session|replay\/)|packages\/host\/src\/(session-store\/(session-store|session-record-schema|session-recorder|session-lock)|checkpoints\/)|packages\/checkpoints\/|@ai-sdk|packages\/rules\/src\/bash\/(analyze-command-line|unwrap-command|wrapper-grammars|decide-command)\.ts/;

describe.skipIf(SKIP_REASON)('what start-up loads', () => {
  for (const { args, zod } of [
    { args: ['tools', '--json', '--no-mcp'], zod: false },
    { args: ['call', 'read_file', '{"path":"a.txt"}'], zod: false },
    { args: ['call', 'read_file', '{"path":"a.txt","startLine":"1"}'], zod: true },
    // A one-shot write names its temporary file from /dev/urandom and opens plain descriptors.
    { args: ['call', 'write_file', '{"path":"new/b.txt","content":"x"}', '--approval', 'auto'], zod: false },
    {
      args: ['call', 'edit', '{"path":"a.txt","old_string":"hello","new_string":"hi"}', '--approval', 'auto'],
      zod: false,
    },
    {
      args: [
        'call',
        'apply_patch',
        '{"patch":"*** Begin Patch\\n*** Update File: a.txt\\n-hello\\n+hi\\n*** End Patch"}',
        '--approval',
        'auto',
      ],
      zod: false,
    },
  ])
    it(
      `\`toolgate ${args.join(' ')}\` loads no node:crypto, fs/promises, child_process or network module, nor the agent's loop, session store or checkpoints, and ${zod ? 'zod to judge its arguments' : 'no zod'}`,
      async () => {
        const result = await runToolgate([...args, '--cwd', root], {
          cwd: root,
          env: {
            NODE_OPTIONS: `--import=${join(root, 'probe.mjs')}`,
            XDG_STATE_HOME: join(root, 'state'),
            XDG_CONFIG_HOME: join(root, 'config'),
          },
        });
        expect(result.code, result.stderr).toBe(0);
        const loaded = (await readFile(join(root, 'loaded.txt'), 'utf8')).split('\n');
        expect(loaded).toContain('NativeModule fs');
        expect(loaded.filter((name) => COSTLY.test(name))).toEqual([]);
        expect(loaded).not.toContain('NativeModule fs/promises');
        const sources = await bundledSources(join(root, 'files.txt'));
        expect(sources.some((source) => source.includes('packages/host/src/config/'))).toBe(true);
        expect(sources.filter((source) => NOT_AT_START_UP.test(source))).toEqual([]);
        expect(sources.some((source) => ZOD.test(source))).toBe(zod);
      },
      E2E_OPTIONS.timeout,
    );
});
