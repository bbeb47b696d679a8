import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createToolSurface, standardDecorators, type ToolResult, type Workspace } from '@toolgate/core';
import { createTempWorkspace } from '@toolgate/core/testing';
import { createShellTools, type ShellToolsOptions } from '../create-shell-tools.js';
import { createProcessRegistry, type ProcessRegistry } from '../process/process-registry.js';

/** A temp workspace with a registry and a surface holding the bash tool. */
export interface ShellKit {
  readonly root: string;
  readonly workspace: Workspace;
  readonly processes: ProcessRegistry;
  readonly tools: ReturnType<typeof createShellTools>;
  /** Runs a bash call through validation and preflight, as a host would. */
  call(argumentsValue: unknown, options?: { signal?: AbortSignal }): Promise<ToolResult>;
  dispose(): Promise<void>;
}

export async function createShellKit(
  options: Partial<Omit<ShellToolsOptions, 'workspace' | 'processes'>> & {
    registry?: Parameters<typeof createProcessRegistry>[0];
  } = {},
): Promise<ShellKit> {
  const temp = await createTempWorkspace({ prefix: 'toolgate-shell-' });
  const { root, workspace } = temp;
  await mkdir(join(root, 'sub'));
  const processes = createProcessRegistry(options.registry);
  const { registry: _registry, ...toolOptions } = options;
  const tools = createShellTools({ ...toolOptions, workspace, processes });
  const surface = createToolSurface({
    tools: [tools.bash],
    decorators: standardDecorators({ approval: { mode: 'auto' } }),
  });
  let counter = 0;
  return {
    root,
    workspace,
    processes,
    tools,
    call: (argumentsValue, callOptions = {}) =>
      surface.executor.execute(
        { id: `call_${++counter}`, name: 'bash', arguments: argumentsValue as Record<string, unknown> },
        callOptions.signal ? { signal: callOptions.signal } : {},
      ),
    async dispose() {
      await processes.close();
      await temp.cleanup();
    },
  };
}

/** Live (non-zombie) processes whose process group is `pgid`, read from /proc. */
export async function liveProcessesInGroup(pgid: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = await readFile(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') found.push(Number(entry));
  }
  return found;
}

/** Processes whose command line contains `marker`, live ones only. */
export async function liveProcessesWithMarker(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const [cmdline, stat] = await Promise.all([
        readFile(`/proc/${entry}/cmdline`, 'utf8'),
        readFile(`/proc/${entry}/stat`, 'utf8'),
      ]);
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (cmdline.includes(marker) && state !== 'Z' && state !== 'X') found.push(Number(entry));
    } catch {}
  }
  return found;
}

/** Number of open file descriptors of this process. */
export async function openFileDescriptorCount(): Promise<number> {
  return (await readdir('/proc/self/fd')).length;
}

/** The output of a success, or a thrown error naming what came instead (keeps tests short). */
export function outputOf<T>(result: ToolResult): T {
  if (result.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result.output as T;
}
