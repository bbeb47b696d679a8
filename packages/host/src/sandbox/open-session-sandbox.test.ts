import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorkspace } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSessionSandbox, type SessionSandboxContext } from './open-session-sandbox.js';
import { SandboxRequiredError } from './sandbox-required-error.js';

let root: string;
let notices: string[];
let context: SessionSandboxContext;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-session-sandbox-')));
  notices = [];
  context = {
    workspace: createWorkspace({ root }),
    readRoots: [],
    protectedPaths: ['secrets', '../outside', '/abs'],
    notice: (line) => notices.push(line),
  };
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs `body` with bubblewrap out of reach (an empty PATH), as on a machine without it. */
async function withoutBwrap<T>(body: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = join(root, 'no-bin');
  try {
    return await body();
  } finally {
    process.env.PATH = saved;
  }
}

const NOT_FOUND =
  'bubblewrap (bwrap) was not found on PATH; install it (apt install bubblewrap, dnf install bubblewrap) or set its path.';

describe('the session sandbox', () => {
  it('is none for danger-full-access, without trying bubblewrap', async () => {
    expect(await openSessionSandbox({ mode: 'danger-full-access', network: false }, context)).toBeUndefined();
    expect(notices).toEqual([]);
  });

  it('refuses danger-full-access when a sandbox is required', async () => {
    await expect(
      openSessionSandbox(
        { mode: 'danger-full-access', network: false, requiredBy: 'sandbox.required in the config file' },
        context,
      ),
    ).rejects.toThrow(
      'sandbox.required in the config file demands a sandbox, but the sandbox mode is danger-full-access. Use read-only or workspace-write.',
    );
  });

  it('falls back to the host with one notice when bubblewrap cannot run and nothing requires it', async () => {
    expect(await withoutBwrap(() => openSessionSandbox({ network: false }, context))).toBeUndefined();
    expect(notices).toEqual([`toolgate: bash runs unsandboxed (danger-full-access): ${NOT_FOUND}`]);
  });

  it('fails closed when bubblewrap cannot run and a sandbox is required', async () => {
    await expect(
      withoutBwrap(() =>
        openSessionSandbox({ mode: 'read-only', network: false, requiredBy: '--sandbox read-only' }, context),
      ),
    ).rejects.toThrow(
      new SandboxRequiredError(`--sandbox read-only demands a sandbox, but none can run here: ${NOT_FOUND}`),
    );
    expect(notices).toEqual([]);
  });
});
