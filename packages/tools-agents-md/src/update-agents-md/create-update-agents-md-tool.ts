import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import {
  type ApprovalSummary,
  createUnifiedDiff,
  editScope,
  type PlannedToolImplementation,
  previewFileChanges,
  type ToolFailure,
  toolSuccess,
} from '@toolgate/core';
import { type AgentsMdLocation, type AgentsMdStore, decodeText } from '../agents-md-store.js';
import { agentsMdFailure } from '../internal/agents-md-failure.js';
import type {
  UpdateAgentsMdAction,
  UpdateAgentsMdInput,
  UpdateAgentsMdOutput,
} from './update-agents-md-schema.js';

/** What preflight resolved for `update_agents_md`. */
export interface UpdateAgentsMdPlan {
  readonly action: UpdateAgentsMdAction;
  /** Real absolute path of AGENTS.md as resolved in preflight. */
  readonly resolvedPath: string;
}

/** Files above this size get no diff in the approval request. */
const DIFF_LIMIT_BYTES = 1024 * 1024;

function missingField(action: UpdateAgentsMdAction, input: UpdateAgentsMdInput): ToolFailure | undefined {
  if (action === 'write' && input.content === undefined) {
    return agentsMdFailure(
      'invalid_arguments',
      'Invalid arguments for update_agents_md: action "write" needs `content`, the full new AGENTS.md (to add to it, use action "append" with `text`).',
    );
  }
  if (action === 'append' && input.text === undefined) {
    return agentsMdFailure(
      'invalid_arguments',
      'Invalid arguments for update_agents_md: action "append" needs `text`, the text to add.',
    );
  }
  return undefined;
}

async function currentText(location: AgentsMdLocation): Promise<string | undefined> {
  if (!location.exists) return '';
  try {
    const handle = await open(location.resolvedPath, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const { size } = await handle.stat();
      if (size > DIFF_LIMIT_BYTES) return undefined;
      return decodeText(await handle.readFile());
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

async function buildPreview(
  action: 'write' | 'append',
  location: AgentsMdLocation,
  addition: string,
): Promise<ApprovalSummary> {
  const bytes = Buffer.byteLength(addition);
  const verb = action === 'write' ? (location.exists ? 'Write' : 'Create') : 'Append to';
  const lines = [`${verb} ${location.path} (${bytes} bytes)`];
  const shown = { locations: [location.path], remember: editScope('update_agents_md', [location.path]) };
  const before = await currentText(location);
  if (before === undefined || bytes > DIFF_LIMIT_BYTES) {
    return { lines: [...lines, 'diff omitted: too large or unreadable'], ...shown };
  }
  const separator = before !== '' && !before.endsWith('\n') ? '\n' : '';
  const after = action === 'write' ? addition : before + separator + addition;
  const diff = createUnifiedDiff(before, after, { path: location.path, created: !location.exists });
  // The whole file before and after, for hosts that show file diffs (and the result's `changes`).
  const files = previewFileChanges([
    { path: location.resolvedPath, before: location.exists ? before : null, after },
  ]);
  const planned = { ...shown, ...(files ? { files } : {}) };
  return diff === ''
    ? { lines: [...lines, 'no change to the content'], ...shown }
    : { lines, diff, ...planned };
}

/** How `update_agents_md` runs over one store; loaded on the tool's first call (see `createAgentsMdTools`). */
export function createUpdateAgentsMdImplementation(
  store: AgentsMdStore,
): PlannedToolImplementation<UpdateAgentsMdInput, UpdateAgentsMdOutput, UpdateAgentsMdPlan> {
  return {
    async prepare(input) {
      const action = input.action ?? 'read';
      const missing = missingField(action, input);
      if (missing) return missing;
      const located = await store.locate(action === 'read' ? 'read' : 'write');
      if (located.status === 'failure') return located;
      const location = located.output;
      const plan = { action, resolvedPath: location.resolvedPath };
      if (action === 'read') {
        return {
          status: 'ready',
          plan,
          preview: { lines: [`Read ${location.path}`], locations: [location.path] },
        };
      }
      const addition = (action === 'write' ? input.content : input.text) ?? '';
      return { status: 'ready', plan, preview: await buildPreview(action, location, addition) };
    },

    async execute(input, context) {
      if (context.signal.aborted) {
        return agentsMdFailure('aborted', 'update_agents_md was cancelled before it changed anything.');
      }
      const action = input.action ?? 'read';
      const missing = missingField(action, input);
      if (missing) return missing;
      if (action === 'read') {
        const outcome = await store.read({ clientFiles: context.clientFiles, signal: context.signal });
        if (outcome.status === 'failure') return outcome;
        const read = outcome.output;
        return toolSuccess({
          action,
          path: read.path,
          exists: read.exists,
          content: read.content,
          ...(read.truncated ? { truncated: true as const } : {}),
        });
      }
      // Writes are checked against what preflight resolved: the approver saw that file's diff.
      const options = {
        ...(context.plan ? { expectedPath: context.plan.resolvedPath } : {}),
        clientFiles: context.clientFiles,
        signal: context.signal,
      };
      const outcome =
        action === 'write'
          ? await store.write(input.content ?? '', options)
          : await store.append(input.text ?? '', options);
      if (outcome.status === 'failure') return outcome;
      const written = outcome.output;
      return toolSuccess({
        action,
        path: written.path,
        resolvedPath: written.resolvedPath,
        success: true as const,
      });
    },
  };
}
