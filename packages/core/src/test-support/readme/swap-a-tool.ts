import { readFile } from 'node:fs/promises';
import {
  type Approver,
  createToolSurface,
  createWorkspace,
  defineTool,
  implementTool,
  standardDecorators,
  toolSuccess,
  type Workspace,
} from '@toolgate/core';
import { z } from 'zod';

// Replace read_file with your own: the same wire name, so the model sees no change. Leave the
// package's read_file out of the surface (two tools of one name throw DuplicateToolError).
export const MY_READ_FILE_SPEC = defineTool({
  name: 'read_file',
  description: 'Reads a text file of the workspace; every read is logged.',
  input: z.object({ path: z.string() }),
  kind: 'read',
  annotations: { readOnly: true },
});

export function createMyReadFile(workspace: Workspace, log: (path: string) => void) {
  return implementTool<{ path: string }, { path: string; content: string }>(MY_READ_FILE_SPEC, {
    async execute(input) {
      const resolved = await workspace.resolveReadable(input.path);
      if (resolved.status === 'failure') return resolved;
      const { absolutePath, displayPath } = resolved.output;
      log(displayPath);
      return toolSuccess({ path: displayPath, content: await readFile(absolutePath, 'utf8') });
    },
  });
}

// Give a custom tool its approval rule: in safe mode a deploy to staging runs, production asks,
// and "always" covers one environment.
export const DEPLOY_SPEC = defineTool({
  name: 'deploy',
  description: 'Deploys the current build to an environment.',
  input: z.object({ environment: z.enum(['staging', 'production']) }),
  kind: 'execute',
  approval: {
    rule: { safe: (input) => (input.environment === 'staging' ? 'run' : 'ask') },
    summarize: (input) => ({
      title: `Deploy to ${input.environment}`,
      remember: { key: input.environment, label: `always for deploys to ${input.environment}` },
    }),
  },
});

export function createMySurface(root: string, approver: Approver, log: (path: string) => void) {
  const workspace = createWorkspace({ root });
  const deploy = implementTool<{ environment: 'staging' | 'production' }, { deployed: string }>(DEPLOY_SPEC, {
    async execute(input) {
      return toolSuccess({ deployed: input.environment });
    },
  });
  return createToolSurface({
    tools: [createMyReadFile(workspace, log), deploy],
    decorators: standardDecorators({ approval: { mode: 'safe', approver } }),
  });
}
