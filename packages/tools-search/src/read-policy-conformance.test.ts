import { checkReadPolicy } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { createSearchTools } from './create-search-tools.js';
import { ENGINES } from './test-support/search-fixture.js';

describe.each(ENGINES)('the read policy (core conformance kit, %s engine)', (engine) => {
  it('glob and grep never show a denied file, nor a file before approval', async () => {
    const violations = await checkReadPolicy({
      createTools: (workspace) => {
        const tools = createSearchTools({ workspace, engine });
        return [tools.glob, tools.grep];
      },
      calls: (paths) => [
        ...[undefined, '.', 'private', paths.deniedDirectory, paths.denied, paths.link].map((path) => ({
          tool: 'grep',
          arguments: { pattern: 'password|line', ...(path === undefined ? {} : { path }) },
        })),
        { tool: 'grep', arguments: { pattern: '(?=pass)password', include: '*.txt' } },
        ...[undefined, 'private', paths.deniedDirectory].map((path) => ({
          tool: 'glob',
          arguments: { pattern: '**/*', ...(path === undefined ? {} : { path }) },
        })),
      ],
      modes: ['manual', 'auto'],
    });
    expect(violations).toEqual([]);
  });
});
