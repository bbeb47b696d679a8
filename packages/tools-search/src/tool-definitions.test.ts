import { createWorkspace, InvalidOptionsError } from '@toolgate/core';
import { checkToolConformance } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { createSearchTools } from './create-search-tools.js';
import { GLOB_SPEC, GREP_SPEC } from './index.js';
import {
  createHarness,
  ENGINES,
  removeDirectory,
  temporaryDirectory,
} from './test-support/search-fixture.js';

describe('tool definitions', () => {
  it('shows the model these definitions', () => {
    expect([GLOB_SPEC.definition, GREP_SPEC.definition]).toMatchSnapshot();
  });

  it.each(ENGINES)('passes the conformance kit with the %s engine', async (engine) => {
    const root = await temporaryDirectory();
    try {
      const tools = createSearchTools({ workspace: createWorkspace({ root }), engine });
      expect(
        await checkToolConformance([tools.glob, tools.grep], {
          invalidArguments: [
            { pattern: 'a', maxResults: Number.POSITIVE_INFINITY },
            { pattern: 'a'.repeat(100_000), path: 7 },
          ],
        }),
      ).toEqual([]);
    } finally {
      await removeDirectory(root);
    }
  });

  it('previews the call for approvers', async () => {
    const root = await temporaryDirectory();
    try {
      const harness = createHarness({ root });
      expect(harness.workspace.root).toBe(root);
      const tools = createSearchTools({ workspace: harness.workspace });
      const signal = new AbortController().signal;
      expect(await tools.grep.prepare?.({ pattern: 'TODO' }, { callId: 'c', signal })).toEqual({
        status: 'ready',
        plan: undefined,
        preview: { lines: ['grep TODO in .'], locations: ['.'] },
      });
      expect(
        await tools.glob.prepare?.({ pattern: '*.ts', path: 'nope' }, { callId: 'c', signal }),
      ).toMatchObject({
        status: 'failure',
        error: { code: 'not_found' },
      });
    } finally {
      await removeDirectory(root);
    }
  });

  it('refuses invalid options by throwing', async () => {
    const root = await temporaryDirectory();
    try {
      const workspace = createWorkspace({ root });
      expect(() => createSearchTools({ workspace, engine: 'grep' as 'node' })).toThrow(InvalidOptionsError);
      expect(() => createSearchTools({ workspace, maxFileSizeBytes: -1 })).toThrow(InvalidOptionsError);
    } finally {
      await removeDirectory(root);
    }
  });
});
