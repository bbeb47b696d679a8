import { checkReadPolicy } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { createFsTools } from './create-fs-tools.js';

describe('the read policy (core conformance kit)', () => {
  it('read_file and write_file never show a denied file, nor a file before approval', async () => {
    const violations = await checkReadPolicy({
      createTools: (workspace) => {
        const tools = createFsTools({ workspace });
        return [tools.read_file, tools.write_file];
      },
      calls: (paths) => [
        ...[paths.denied, paths.link, paths.deniedDirectory, paths.admitted, 'private/keys/missing.txt'].map(
          (path) => ({ tool: 'read_file', arguments: { path } }),
        ),
        { tool: 'read_file', arguments: { path: 'private/kees' } },
        ...[paths.denied, paths.link].flatMap((path) => [
          { tool: 'write_file', arguments: { path, content: 'replaced\n' } },
          { tool: 'write_file', arguments: { path, content: 'more\n', mode: 'append' } },
        ]),
      ],
    });
    expect(violations).toEqual([]);
  });
});
