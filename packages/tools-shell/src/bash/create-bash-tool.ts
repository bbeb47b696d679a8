import { stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import {
  type Outcome,
  type PlannedToolImplementation,
  type PrepareResult,
  type ToolResult,
  toolSuccess,
  type Workspace,
} from '@toolgate/core';
import { createShellEnvironment, type ShellEnvironmentOptions } from '../environment/shell-environment.js';
import {
  isLocalSandbox,
  type LocalSandboxSession,
  type SandboxSession,
} from '../executor/sandbox-session.js';
import type { ShellCommandExecutor } from '../executor/shell-command-executor.js';
import { resolveShell, type ShellInvocation } from '../executor/shell-invocation.js';
import { shellFailure } from '../internal/shell-failure.js';
import { defaultTimeoutMsOption } from '../internal/shell-options.js';
import type { ProcessRegistry } from '../process/process-registry.js';
import type { BashInput, BashOutput } from './bash-schema.js';
import { checkBashArguments } from './check-bash-arguments.js';

/** A working directory preflight resolved. */
export interface ResolvedWorkingDirectory {
  /** Real absolute path. */
  readonly absolutePath: string;
  /** Root-relative with `/` (`.` for the root). */
  readonly displayPath: string;
}

/** What preflight resolved for a bash call. */
export interface BashPlan {
  /** The working directory of exec and start. */
  readonly cwd?: ResolvedWorkingDirectory;
}

/** What {@link createBashImplementation} needs. */
export interface BashToolOptions {
  readonly workspace: Workspace;
  readonly processes: ProcessRegistry;
  /** Runs exec. */
  readonly executor: ShellCommandExecutor;
  /** The bound sandbox: `start` spawns through it (a sandbox that only runs commands refuses `start`). */
  readonly sandbox?: SandboxSession | LocalSandboxSession;
  readonly shellPath?: string;
  readonly loginShell?: boolean;
  readonly defaultTimeoutMs?: number;
  readonly environment?: ShellEnvironmentOptions;
}

function isWithin(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

async function resolveWorkingDirectory(
  workspace: Workspace,
  cwd: string | undefined,
): Promise<Outcome<ResolvedWorkingDirectory>> {
  const requested = cwd === undefined || cwd.trim() === '' ? '.' : cwd.trim();
  // The root was resolved and checked to be a directory when the workspace was created: the
  // common call without a cwd costs no file-system round trips.
  if (requested === '.') return toolSuccess({ absolutePath: workspace.root, displayPath: '.' });
  const resolution = await workspace.resolveReadable(requested);
  if (resolution.status === 'failure') return resolution;
  const { absolutePath, displayPath } = resolution.output;
  if (!workspace.allowOutsideWorkspace && !isWithin(absolutePath, workspace.root)) {
    return shellFailure(
      'path_outside_workspace',
      `cwd "${requested}" resolves to ${absolutePath}, outside the workspace root ${workspace.root}. Use a directory inside the workspace.`,
    );
  }
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(absolutePath);
  } catch {
    return shellFailure('not_found', `cwd "${requested}" does not exist (resolved to ${displayPath}).`);
  }
  if (!info.isDirectory()) {
    return shellFailure(
      'not_a_directory',
      `cwd "${requested}" is a file, not a directory (${displayPath}). Pass the directory that contains it.`,
    );
  }
  return toolSuccess({ absolutePath, displayPath });
}

/**
 * How bash runs over a workspace, a process registry and an exec executor. Loaded on the tool's
 * first call (see `createShellTools`).
 */
export function createBashImplementation(
  options: BashToolOptions,
): PlannedToolImplementation<BashInput, BashOutput, BashPlan> {
  const { workspace, processes, executor } = options;
  const defaultTimeoutMs = defaultTimeoutMsOption(options.defaultTimeoutMs);
  const shell = resolveShell(options);
  const environment = createShellEnvironment(options.environment);
  const { sandbox } = options;

  /** The shell `start` spawns: through a local sandbox when one is bound. */
  const backgroundShell = async (workingDirectory: string): Promise<Outcome<ShellInvocation>> => {
    if (!sandbox || !isLocalSandbox(sandbox)) return toolSuccess(shell);
    try {
      return toolSuccess(await sandbox.wrapShell({ shell, workingDirectory }));
    } catch (error) {
      return shellFailure(
        'sandbox_failed',
        `Sandbox ${sandbox.providerId}/${sandbox.id} could not prepare the command: ${(error as Error)?.message ?? String(error)}`,
      );
    }
  };

  const prepare = async (input: BashInput): Promise<PrepareResult<BashPlan>> => {
    const invalid = checkBashArguments(input);
    if (invalid) return invalid;
    const { action } = input;
    const processId = (input.processId ?? '').trim();
    if (action === 'exec' || action === 'start') {
      if (action === 'start') {
        if (sandbox && !isLocalSandbox(sandbox) && !sandbox.startProcess) {
          return shellFailure(
            'sandbox_failed',
            `Sandbox ${sandbox.providerId}/${sandbox.id} runs only foreground commands, and background processes may not run outside it. Use bash action=exec.`,
          );
        }
        const refused = processes.checkStart();
        if (refused) return refused;
      }
      const resolved = await resolveWorkingDirectory(workspace, input.cwd);
      if (resolved.status === 'failure') return resolved;
      const cwd = resolved.output;
      return {
        status: 'ready',
        plan: { cwd },
        preview: {
          lines: [`${action} in ${cwd.displayPath}`, (input.command ?? '').trim()],
          locations: [cwd.displayPath],
        },
      };
    }
    if (action === 'write' || action === 'stop') {
      const refused = processes.checkControl(processId, action);
      if (refused) return refused;
    } else if (action === 'status' || action === 'logs') {
      const known = processes.status(processId);
      if (known.status === 'failure') return known;
    }
    return { status: 'ready', plan: {} };
  };

  return {
    prepare: (input) => prepare(input),

    async execute(input, context): Promise<ToolResult<BashOutput>> {
      // Re-check what preflight saw: the directory or the process may have changed meanwhile.
      const prepared = await prepare(input);
      if (prepared.status === 'failure') return prepared;
      const cwd = prepared.plan.cwd;
      const planned = context.plan?.cwd;
      if (planned && cwd && planned.absolutePath !== cwd.absolutePath) {
        return shellFailure(
          'precondition_changed',
          `cwd "${input.cwd ?? '.'}" resolved to ${planned.displayPath} when the call was approved and now resolves to ${cwd.displayPath}; the command was not run.`,
        );
      }
      const processId = (input.processId ?? '').trim();
      switch (input.action) {
        case 'exec': {
          const timeoutMs =
            input.timeoutMs !== undefined && input.timeoutMs > 0 ? input.timeoutMs : defaultTimeoutMs;
          return executor.execute({
            command: input.command!,
            workingDirectory: cwd!.absolutePath,
            workspaceRelativeDirectory: cwd!.displayPath,
            timeoutMs,
            signal: context.signal,
            callId: context.callId,
            ...(context.clientTerminals ? { terminals: context.clientTerminals } : {}),
            ...(context.onOutput ? { onOutput: context.onOutput } : {}),
          });
        }
        case 'start': {
          if (sandbox && !isLocalSandbox(sandbox) && sandbox.startProcess) {
            const startProcess = sandbox.startProcess.bind(sandbox);
            return processes.start({
              command: input.command!,
              workingDirectory: cwd!.absolutePath,
              sandboxed: {
                label: `${sandbox.providerId}/${sandbox.id}`,
                start: () =>
                  startProcess({
                    command: input.command!,
                    workingDirectory: cwd!.displayPath,
                    stdin: true,
                    metadata: { tool: 'bash', action: 'start' },
                  }),
              },
            });
          }
          const spawned = await backgroundShell(cwd!.absolutePath);
          if (spawned.status === 'failure') return spawned;
          return processes.start({
            command: input.command!,
            workingDirectory: cwd!.absolutePath,
            shell: spawned.output,
            environment: environment(),
          });
        }
        case 'status':
          return processes.status(processId);
        case 'logs':
          return processes.logs(processId, {
            ...(input.offset === undefined ? {} : { offset: input.offset }),
            ...(input.limit === undefined ? {} : { limit: input.limit }),
          });
        case 'write':
          return processes.write(processId, input.input ?? '');
        case 'stop':
          return processes.stop(processId);
        case 'list':
          return toolSuccess(processes.list());
      }
    },
  };
}
