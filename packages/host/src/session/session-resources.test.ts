import { describe, expect, it } from 'vitest';
import { createSessionResources, openWithResources } from './session-resources.js';

describe('session resources', () => {
  it('closes what was registered in reverse order, once, each even after one fails, then throws the first failure', async () => {
    const closed: string[] = [];
    const resources = createSessionResources();
    resources.defer(() => closed.push('sandbox'));
    resources.defer(async () => {
      closed.push('processes');
      throw new Error('processes would not stop');
    });
    resources.defer(() => closed.push('mcp'));
    resources.defer(async () => {
      closed.push('audit');
      throw new Error('audit log not written');
    });
    const first = resources.close();
    const second = resources.close();
    expect(second).toBe(first);
    await expect(first).rejects.toThrow('audit log not written');
    expect(closed).toEqual(['audit', 'mcp', 'processes', 'sandbox']);
    expect(() => resources.defer(() => {})).toThrow('The session is closed: nothing can be added to it.');
  });

  it('releases what was opened so far when opening fails half-way, and rethrows', async () => {
    const closed: string[] = [];
    const opening = openWithResources(async (resources) => {
      resources.defer(() => closed.push('processes'));
      resources.defer(() => closed.push('mcp'));
      throw new Error('the sandbox cannot run');
    });
    await expect(opening).rejects.toThrow('the sandbox cannot run');
    expect(closed).toEqual(['mcp', 'processes']);
  });

  it('leaves what was opened to the result when opening succeeds', async () => {
    const closed: string[] = [];
    const session = await openWithResources(async (resources) => {
      resources.defer(() => closed.push('processes'));
      return { close: () => resources.close() };
    });
    expect(closed).toEqual([]);
    await session.close();
    expect(closed).toEqual(['processes']);
  });
});
