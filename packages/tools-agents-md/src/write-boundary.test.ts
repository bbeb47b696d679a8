import { checkWriteBoundary } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { createAgentsMdTools } from './create-agents-md-tools.js';

describe('update_agents_md boundary (core conformance kit)', () => {
  it('writes nothing outside the workspace or into .git under symlinks, hard links and a racing process', async () => {
    const report = await checkWriteBoundary(
      {
        createTool: (workspace) => createAgentsMdTools({ workspace }).update_agents_md,
        modify: (_path, _current, content) => ({ action: 'write', content }),
        append: (_path, text) => ({ action: 'append', text }),
        fixedTarget: { directory: '.agents', file: 'AGENTS.md' },
      },
      // One file, rewritten fast: more calls to keep the racer busy for the whole time.
      { raceCalls: 2000 },
    );
    if (process.env.TOOLGATE_BOUNDARY_REPORT) console.log(JSON.stringify(report.race));
    expect(report.problems).toEqual([]);
    expect(report.race.swaps).toBeGreaterThan(0);
  }, 60_000);
});
