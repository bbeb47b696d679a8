import { mkdir, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASH_TIMEOUT_HINT } from '../bash/bash-description.js';
import type { BashExecResult } from '../bash/bash-schema.js';
import { truncationMarker } from '../internal/head-tail-capture.js';
import { memorySpill } from '../test-support/memory-spill.js';
import {
  createShellKit,
  liveProcessesInGroup,
  liveProcessesWithMarker,
  outputOf,
  type ShellKit,
} from '../test-support/shell-test-kit.js';
import { createLocalShellExecutor } from './local-shell-executor.js';
import { findDefaultShell } from './shell-invocation.js';

let kit: ShellKit;
beforeEach(async () => {
  kit = await createShellKit({ killGraceMs: 300 });
});
afterEach(async () => {
  await kit.dispose();
});

const exec = async (command: string, extra: Record<string, unknown> = {}): Promise<BashExecResult> =>
  outputOf<BashExecResult>(await kit.call({ action: 'exec', command, ...extra }));

const marker = (): string =>
  `${1000 + Math.floor(Math.random() * 1000)}.${process.pid}${Math.floor(Math.random() * 1e6)}`;

describe('bash exec', () => {
  it('runs a command and returns the whole result', async () => {
    const result = await kit.call({ command: 'echo hi; echo oops >&2' });
    expect(result).toEqual({
      status: 'success',
      output: {
        command: 'echo hi; echo oops >&2',
        durationMs: expect.any(Number),
        executionEnvironment: 'local',
        exitCode: 0,
        signal: null,
        stderr: 'oops\n',
        stdout: 'hi\n',
        timedOut: false,
        truncated: false,
        workingDirectory: kit.root,
      },
      display: { summary: 'exit 0', text: 'hi\n', notes: 'oops\n' },
    });
  });

  it('defaults the action to exec and reports a non-zero exit code as a success', async () => {
    const result = await kit.call({ command: 'printf out; exit 7' });
    expect(result).toMatchObject({ status: 'success', output: { exitCode: 7, stdout: 'out', signal: null } });
  });

  it('keeps leading empty lines and trailing newlines exactly', async () => {
    expect((await exec("printf '\\n\\nabc\\n\\n'")).stdout).toBe('\n\nabc\n\n');
  });

  it('turns bytes that are not UTF-8 into U+FFFD and keeps binary bytes', async () => {
    const result = await exec("printf 'a\\377b\\000\\001é'");
    expect(result.stdout).toBe('a\uFFFDb\u0000\u0001é');
  });

  it('closes stdin, so a command waiting for input ends instead of hanging', async () => {
    const result = await exec('cat; read line; echo "read=$?"');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'read=1\n', timedOut: false });
  });

  it('keeps reading stderr after a command closes stdout early', async () => {
    const result = await exec('echo first; exec 1>&-; sleep 0.1; echo still here >&2');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'first\n', stderr: 'still here\n' });
  });

  it('runs in cwd, resolved inside the workspace', async () => {
    const result = await exec('pwd', { cwd: 'sub' });
    expect(result).toMatchObject({ stdout: `${kit.root}/sub\n`, workingDirectory: `${kit.root}/sub` });
  });

  it('caps each stream, keeping head and tail around a marker that counts dropped bytes', async () => {
    const small = await createShellKit({ maxOutputBytes: 1024 });
    try {
      const result = outputOf<BashExecResult>(
        await small.call({ command: "head -c 5000 /dev/zero | tr '\\0' x; echo END; echo small >&2" }),
      );
      const full = `${'x'.repeat(5000)}END\n`;
      expect(result).toMatchObject({
        stdout: full.slice(0, 512) + truncationMarker(full.length - 1024, 1024) + full.slice(-512),
        stderr: 'small\n',
        truncated: true,
      });
    } finally {
      await small.dispose();
    }
  });

  it('cuts capped multi-byte output at character boundaries', async () => {
    const small = await createShellKit({ maxOutputBytes: 1024 });
    try {
      // 3-byte characters: 1024/2 = 512 is not a multiple of 3 at either cut.
      const result = outputOf<BashExecResult>(
        await small.call({ command: "for i in $(seq 1 1000); do printf '€'; done" }),
      );
      expect(result.stdout).not.toContain('\uFFFD');
      expect(result.stdout).toBe(
        '€'.repeat(170) + truncationMarker(3000 - 170 * 3 * 2, 1024) + '€'.repeat(170),
      );
    } finally {
      await small.dispose();
    }
  });

  it('stops the whole process group at the timeout and leaves no survivor', async () => {
    const tag = marker();
    // The timeout leaves a loaded machine ample time to start the shell and print its pid.
    const result = await exec(`echo $$; sleep ${tag} & sleep ${tag}`, { timeoutMs: 3000 });
    const pgid = Number(result.stdout.trim());
    expect(result).toEqual({
      command: `echo $$; sleep ${tag} & sleep ${tag}`,
      durationMs: expect.any(Number),
      executionEnvironment: 'local',
      exitCode: null,
      signal: 'SIGTERM',
      stderr: BASH_TIMEOUT_HINT,
      stdout: `${pgid}\n`,
      timedOut: true,
      truncated: false,
      workingDirectory: kit.root,
    });
    expect(await liveProcessesInGroup(pgid)).toEqual([]);
    expect(await liveProcessesWithMarker(tag)).toEqual([]);
  });

  it('sends SIGKILL after the grace period to a group that ignores SIGTERM', async () => {
    const tag = marker();
    // Ample time for the shell to set its trap first, even on a loaded machine.
    const result = await exec(`trap '' TERM; echo $$; echo partial >&2; sleep ${tag}`, { timeoutMs: 3000 });
    expect(result).toMatchObject({
      exitCode: null,
      signal: 'SIGKILL',
      stderr: `partial\n\n${BASH_TIMEOUT_HINT}`,
      timedOut: true,
    });
    expect(await liveProcessesInGroup(Number(result.stdout.trim()))).toEqual([]);
  });

  it('stops what a finished command left running in its group', async () => {
    const tag = marker();
    const result = await exec(`echo $$; sleep ${tag} & echo started`);
    expect(result).toMatchObject({ exitCode: 0, timedOut: false });
    expect(await liveProcessesInGroup(Number(result.stdout.split('\n')[0]))).toEqual([]);
    expect(await liveProcessesWithMarker(tag)).toEqual([]);
  });

  it('uses the default timeout when timeoutMs is missing or not positive', async () => {
    const short = await createShellKit({ defaultTimeoutMs: 300, killGraceMs: 100 });
    try {
      for (const extra of [{}, { timeoutMs: 0 }, { timeoutMs: -5 }]) {
        const result = outputOf<BashExecResult>(await short.call({ command: 'sleep 30', ...extra }));
        expect(result).toMatchObject({ timedOut: true, exitCode: null });
      }
    } finally {
      await short.dispose();
    }
  });

  it('reports a signal that ended the shell without a timeout', async () => {
    expect(await exec('kill -9 $$')).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false });
  });

  it('fails with aborted and stops the group when the call is cancelled', async () => {
    const tag = marker();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await kit.call({ command: `sleep ${tag}` }, { signal: controller.signal });
    expect(result).toEqual({
      status: 'failure',
      error: { code: 'aborted', message: "bash was cancelled; the command's process group was stopped." },
    });
    expect(await liveProcessesWithMarker(tag)).toEqual([]);
  });

  it('uses the shell path and login flag it is given', async () => {
    const sh = await createShellKit({ shellPath: '/bin/sh' });
    const login = await createShellKit({ shellPath: '/bin/bash', loginShell: true });
    try {
      expect(outputOf<BashExecResult>(await sh.call({ command: 'echo $0' })).stdout).toBe('/bin/sh\n');
      expect(
        outputOf<BashExecResult>(await login.call({ command: 'shopt -q login_shell && echo login' })).stdout,
      ).toBe('login\n');
    } finally {
      await sh.dispose();
      await login.dispose();
    }
  });

  it.skipIf(findDefaultShell().endsWith('/sh'))(
    'runs bash -c (non-login) by default where bash exists',
    async () => {
      expect(
        (await exec('[ -n "$BASH_VERSION" ] && echo bash; shopt -q login_shell || echo non-login')).stdout,
      ).toBe('bash\nnon-login\n');
    },
  );

  it('passes the environment through its policy', async () => {
    const env = await createShellKit({
      environment: {
        base: {
          PATH: process.env.PATH ?? '',
          OPENAI_API_KEY: 'k',
          GH_TOKEN: 't',
          APP_SECRET: 's',
          KEEP_TOKEN: 'kt',
          PLAIN: 'p',
        },
        keep: ['KEEP_TOKEN'],
        set: { ADDED: 'a' },
      },
    });
    try {
      const result = outputOf<BashExecResult>(
        await env.call({
          command: 'env | grep -E "^(OPENAI_API_KEY|GH_TOKEN|APP_SECRET|KEEP_TOKEN|PLAIN|ADDED)=" | sort',
        }),
      );
      expect(result.stdout).toBe('ADDED=a\nKEEP_TOKEN=kt\nPLAIN=p\n');
    } finally {
      await env.dispose();
    }
  });
});

describe('bash exec failures', () => {
  it('refuses a cwd that is a file', async () => {
    await writeFile(join(kit.root, 'file.txt'), 'x');
    expect(await kit.call({ command: 'ls', cwd: 'file.txt' })).toEqual({
      status: 'failure',
      error: {
        code: 'not_a_directory',
        message: 'cwd "file.txt" is a file, not a directory (file.txt). Pass the directory that contains it.',
      },
    });
  });

  it('refuses a cwd that does not exist', async () => {
    expect(await kit.call({ command: 'ls', cwd: 'missing' })).toEqual({
      status: 'failure',
      error: { code: 'not_found', message: 'cwd "missing" does not exist (resolved to missing).' },
    });
  });

  it('refuses a cwd outside the workspace, also through a symlink', async () => {
    await symlink('/tmp', join(kit.root, 'escape'));
    for (const cwd of ['..', '/etc', 'escape']) {
      const result = await kit.call({ command: 'ls', cwd });
      expect(result).toMatchObject({ status: 'failure', error: { code: 'path_outside_workspace' } });
    }
  });

  it('refuses to run when cwd changed after preflight', async () => {
    await mkdir(join(kit.root, 'a'));
    const tool = kit.tools.bash;
    const input = { action: 'exec' as const, command: 'pwd', cwd: 'a' };
    const context = { callId: 'c1', signal: new AbortController().signal };
    const prepared = await tool.prepare!(input, context);
    expect(prepared).toMatchObject({ status: 'ready', preview: { lines: ['exec in a', 'pwd'] } });
    await rename(join(kit.root, 'a'), join(kit.root, 'b'));
    await symlink(join(kit.root, 'b'), join(kit.root, 'a'));
    const plan = prepared.status === 'ready' ? prepared.plan : undefined;
    expect(await tool.execute(input, { ...context, plan })).toEqual({
      status: 'failure',
      error: {
        code: 'precondition_changed',
        message:
          'cwd "a" resolved to a when the call was approved and now resolves to b; the command was not run.',
      },
    });
  });

  it('reports spawn_failed when the shell cannot be started', async () => {
    const broken = await createShellKit({ shellPath: '/nonexistent/shell' });
    try {
      const result = await broken.call({ command: 'true' });
      expect(result).toMatchObject({ status: 'failure', error: { code: 'spawn_failed' } });
    } finally {
      await broken.dispose();
    }
  });

  it('refuses a command longer than a shell argument may be', async () => {
    expect(await kit.call({ command: `echo ${'x'.repeat(200_000)}` })).toEqual({
      status: 'failure',
      error: {
        code: 'invalid_arguments',
        message:
          'bash exec: the command is 200005 bytes; a shell argument is limited to 131071 bytes. Write the script to a file with write_file and run that file.',
      },
    });
  });
});

describe('bash exec output it frees as it goes', () => {
  it('spills every byte, keeps the exact head and tail, and shows the output live', async () => {
    const { spill, files } = memorySpill();
    const executor = createLocalShellExecutor({ shellPath: '/bin/sh', maxOutputBytes: 1024, spill });
    const shown: string[] = [];
    // Multi-byte text, so that pipe reads end inside characters; the sleep lets the live view show it.
    const command = `echo first; sleep 1; i=0; while [ $i -lt 20000 ]; do echo "€ line $i"; i=$((i+1)); done; sleep 2`;
    const outcome = await executor.execute({
      command,
      workingDirectory: kit.root,
      workspaceRelativeDirectory: '.',
      timeoutMs: 60_000,
      signal: new AbortController().signal,
      onOutput: (text) => shown.push(text),
    });
    const text = `first\n${Array.from({ length: 20_000 }, (_, i) => `€ line ${i}\n`).join('')}`;
    const expected = Buffer.from(text);
    expect(outcome.status).toBe('success');
    const result = (outcome as { output: BashExecResult }).output;
    expect(Buffer.concat(files.get('/spill/1-bash-stdout.txt')!)).toEqual(expected);
    expect(result.stdout.startsWith('first\n€ line 0\n€ line 1\n')).toBe(true);
    expect(result.stdout.endsWith('€ line 19998\n€ line 19999\n')).toBe(true);
    expect(result.stdout).not.toContain('\uFFFD');
    expect(result.stdout).toContain(
      `the whole output (${expected.length} bytes) is in /spill/1-bash-stdout.txt`,
    );
    // The first read, copied whole into the head (and freed), was shown before it was freed.
    expect(shown[0]).toBe('first\n');
    // The live view's last 8000 characters, whole although the reads that carried them were freed.
    expect(shown.at(-1)).toBe(text.slice(-8000));
  }, 60_000);
});

describe('bash exec with huge output', () => {
  // Its memory (peak RSS) is measured in bench/bash, not asserted here.
  it('keeps the head and tail of 1 GiB of output and says how much was cut', async () => {
    const result = await exec('head -c 1073741824 /dev/zero', { timeoutMs: 120_000 });
    expect(result).toMatchObject({ exitCode: 0, truncated: true, timedOut: false });
    expect(result.stdout).toContain(truncationMarker(1073741824 - 262144, 262144));
  }, 120_000);
});
