import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_IN_TOOL_NAMES, createWorkspace } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBuiltInTools } from './create-built-in-tools.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolgate-built-ins-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const names = async (only?: readonly string[]) => {
  const builtIns = await createBuiltInTools({
    workspace: createWorkspace({ root }),
    config: {},
    ...(only ? { only } : {}),
  });
  await builtIns.close();
  return builtIns.tools.map((tool) => tool.definition.name);
};

describe('createBuiltInTools', () => {
  it('builds all eight built-in tools in AI4J order', async () => {
    expect(await names()).toEqual([...BUILT_IN_TOOL_NAMES]);
  });

  it('loads only the packages that define the names asked for', async () => {
    expect(await names(['grep'])).toEqual(['glob', 'grep']);
    expect(await names(['bash', 'edit'])).toEqual(['bash', 'apply_patch', 'edit']);
    expect(await names(['no_such_tool'])).toEqual([]);
  });
});
