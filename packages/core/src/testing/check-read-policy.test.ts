import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { toolFailure, toolSuccess } from '../result/tool-result.js';
import { defineJsonSchemaTool } from '../tool/define-json-schema-tool.js';
import { implementTool } from '../tool/tool.js';
import type { Workspace } from '../workspace/workspace.js';
import { checkReadPolicy, type ReadPolicyPaths } from './check-read-policy.js';

const DEFINITION = defineJsonSchemaTool({
  name: 'cat',
  description: 'Prints a file.',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' } },
    required: ['path'],
    additionalProperties: false,
  },
  annotations: { readOnly: true },
});

/** A reader that resolves the path with `resolve`, then prints the file. */
function reader(resolve: (workspace: Workspace, path: string) => Promise<string | undefined>) {
  return (workspace: Workspace) => [
    implementTool(DEFINITION, {
      async execute(input) {
        const absolute = await resolve(workspace, (input as { path: string }).path);
        if (absolute === undefined) return toolFailure('path_denied', 'refused');
        return toolSuccess(await readFile(absolute, 'utf8'));
      },
    }),
  ];
}

const calls = (paths: ReadPolicyPaths) =>
  [paths.denied, paths.link, paths.admitted].map((path) => ({ tool: 'cat', arguments: { path } }));

describe('checkReadPolicy', () => {
  it('passes a tool that reads through resolveReadable', async () => {
    const violations = await checkReadPolicy({
      createTools: reader(async (workspace, path) => {
        const resolution = await workspace.resolveReadable(path);
        return resolution.status === 'success' ? resolution.output.absolutePath : undefined;
      }),
      calls,
    });
    expect(violations).toEqual([]);
  });

  it('reports a tool that opens the path it was given, and one that checks the name instead of the real path', async () => {
    const naive = await checkReadPolicy({
      createTools: reader(async (workspace, path) => `${workspace.root}/${path}`),
      calls,
      modes: ['auto'],
    });
    expect(naive.map(({ call, leak, where }) => [call.arguments.path, leak, where])).toEqual([
      ['private/keys/prod.txt', 'denied', 'result'],
      ['private/keys/prod.txt', 'denied', 'tool-call-end'],
      ['innocent.txt', 'denied', 'result'],
      ['innocent.txt', 'denied', 'tool-call-end'],
    ]);
    const byName = await checkReadPolicy({
      createTools: reader(async (workspace, path) =>
        workspace.checkReadable(`${workspace.root}/${path}`) === undefined
          ? `${workspace.root}/${path}`
          : undefined,
      ),
      calls,
      modes: ['auto'],
    });
    expect(byName.map(({ call }) => call.arguments.path)).toEqual(['innocent.txt', 'innocent.txt']);
  });

  it("reports a tool that asks a client's files about a path before the workspace admits it", async () => {
    const spec = defineJsonSchemaTool({
      name: 'cat',
      description: 'Prints a file, from the editor first.',
      inputSchema: DEFINITION.definition.inputSchema,
      annotations: { readOnly: true },
      clientFiles: 'read',
    });
    const violations = await checkReadPolicy({
      createTools: (workspace) => [
        implementTool(spec, {
          async execute(input, context) {
            const { path } = input as { path: string };
            // The editor is asked first: it is never to be asked about a refused path.
            await context.clientFiles?.readTextFile?.(`${workspace.root}/${path}`, context.signal);
            const resolution = await workspace.resolveReadable(path);
            if (resolution.status === 'failure') return resolution;
            return toolSuccess(await readFile(resolution.output.absolutePath, 'utf8'));
          },
        }),
      ],
      calls,
      modes: ['auto'],
    });
    expect(violations.map(({ call, leak }) => [call.arguments.path, leak])).toEqual([
      ['private/keys/prod.txt', 'client-asked'],
    ]);
  });
});
