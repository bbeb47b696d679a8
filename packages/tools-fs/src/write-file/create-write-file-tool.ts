import type { Stats } from 'node:fs';
import { dirname } from 'node:path';
import {
  type ApprovalSummary,
  type ClientFiles,
  createUnifiedDiff,
  editScope,
  type Outcome,
  type PlannedToolImplementation,
  previewFileChanges,
  type ResolvedPath,
  type ToolFailure,
  toolSuccess,
  type Workspace,
} from '@toolgate/core';
import {
  appendFile,
  createFileExclusive,
  ioFailure,
  pinDirectory,
  readRegularFileThrough,
  statIfExists,
  writeFailure,
  writeFileAtomic,
  writeTextThroughClient,
} from '@toolgate/core/workspace-io';
import { describeSize } from '../internal/describe-size.js';
import { fsFailure } from '../internal/fs-failure.js';
import { DIFF_SOURCE_LIMIT_BYTES, readTextForDiff } from '../internal/read-text-for-diff.js';
import type { WriteFileInput, WriteFileMode, WriteFileOutput } from './write-file-schema.js';

/** Options of {@link createWriteFileImplementation}. */
export interface WriteFileToolOptions {
  readonly workspace: Workspace;
}

/** What preflight resolved for `write_file`; execution refuses to write anywhere else. */
export interface WriteFilePlan {
  /** Real absolute path of the target. */
  readonly absolutePath: string;
  readonly displayPath: string;
  /** A file existed there at preflight. */
  readonly existed: boolean;
}

interface Target {
  readonly resolved: ResolvedPath;
  readonly mode: WriteFileMode;
  /** Stats of the existing file, undefined when there is none. */
  readonly stats: Stats | undefined;
}

function aborted(): ToolFailure {
  return fsFailure('aborted', 'write_file was cancelled before it wrote anything.');
}

function alreadyExists(resolved: ResolvedPath): ToolFailure {
  return fsFailure(
    'already_exists',
    `${JSON.stringify(resolved.requestedPath)} already exists and mode "create" never replaces a file. Use mode "overwrite" to replace it, or edit to change part of it.`,
    { path: resolved.displayPath },
  );
}

function isDirectory(resolved: ResolvedPath): ToolFailure {
  return fsFailure(
    'is_directory',
    `${JSON.stringify(resolved.requestedPath)} is a directory; write_file writes files. Give a file path inside it.`,
    { path: resolved.displayPath },
  );
}

/** Resolves the target through the workspace's write guard and checks what is there now. */
async function locate(workspace: Workspace, input: WriteFileInput): Promise<Outcome<Target>> {
  const resolution = await workspace.resolveWritable(input.path);
  if (resolution.status === 'failure') return resolution;
  const resolved = resolution.output;
  const mode = input.mode ?? 'overwrite';
  let stats: Stats | undefined;
  try {
    stats = await statIfExists(resolved.absolutePath);
  } catch (error) {
    return ioFailure(error, resolved.displayPath, 'checking');
  }
  if (stats?.isDirectory()) return isDirectory(resolved);
  if (stats && !stats.isFile()) {
    return fsFailure(
      'not_a_regular_file',
      `${JSON.stringify(resolved.requestedPath)} is not a regular file (a FIFO, socket or device); write_file writes files only.`,
      { path: resolved.displayPath },
    );
  }
  if (mode === 'create' && stats) return alreadyExists(resolved);
  return toolSuccess({ resolved, mode, stats });
}

const VERBS: Readonly<Record<WriteFileMode, string>> = {
  create: 'Create',
  overwrite: 'Overwrite',
  append: 'Append to',
};

async function buildPreview(
  workspace: Workspace,
  target: Target,
  content: string,
  context: { readonly clientFiles?: ClientFiles | undefined; readonly signal: AbortSignal },
): Promise<ApprovalSummary> {
  const { resolved, mode, stats } = target;
  const verb = stats || mode === 'create' ? VERBS[mode] : 'Create';
  const bytes = Buffer.byteLength(content);
  const lines = [`${verb} ${resolved.displayPath} (${describeSize(bytes)})`];
  const base = {
    lines,
    locations: [resolved.displayPath],
    remember: editScope('write_file', [resolved.displayPath]),
  };
  if (bytes > DIFF_SOURCE_LIMIT_BYTES) {
    return { ...base, lines: [...lines, `diff omitted: the new content is ${describeSize(bytes)}`] };
  }
  let before = '';
  if (stats) {
    // The diff quotes the current file: only what the read predicate admits.
    if (workspace.checkReadable(resolved.absolutePath) !== undefined)
      return { ...base, lines: [...lines, 'diff omitted: the read policy refuses the current file'] };
    // Against the editor's buffer when it holds the file: what the write will replace.
    const buffered = await context.clientFiles?.readTextFile?.(resolved.absolutePath, context.signal);
    const current =
      buffered === undefined
        ? await readTextForDiff(resolved.absolutePath)
        : Buffer.byteLength(buffered) > DIFF_SOURCE_LIMIT_BYTES
          ? ({ omitted: 'too_large' } as const)
          : { text: buffered };
    if ('omitted' in current) {
      const why =
        current.omitted === 'too_large'
          ? `the current file is ${describeSize(stats.size)}`
          : current.omitted === 'binary'
            ? 'the current file is binary'
            : 'the current file could not be read';
      return { ...base, lines: [...lines, `diff omitted: ${why}`] };
    }
    before = current.text;
  }
  const after = mode === 'append' ? before + content : content;
  const diff = createUnifiedDiff(before, after, { path: resolved.displayPath, created: !stats });
  const files = previewFileChanges([{ path: resolved.absolutePath, before: stats ? before : null, after }]);
  const shown = { ...base, ...(files ? { files } : {}) };
  return diff === '' ? { ...shown, lines: [...lines, 'no change to the content'] } : { ...shown, diff };
}

/** Creates the parent directories, each inside the checked one above it (never through a symlink). */
async function ensureParent(target: Target): Promise<ToolFailure | undefined> {
  try {
    await (await pinDirectory(dirname(target.resolved.absolutePath), { create: true })).close();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      return fsFailure(
        'not_a_directory',
        `A parent of ${JSON.stringify(target.resolved.requestedPath)} is a file, not a directory; choose another path.`,
        { path: target.resolved.displayPath },
      );
    }
    return writeFailure(error, target.resolved.displayPath, 'creating the parent directories of');
  }
  return undefined;
}

/** An appended file larger than this is appended on disk, not rewritten whole through the client. */
const CLIENT_APPEND_LIMIT_BYTES = 16 * 1024 * 1024;

async function write(
  workspace: Workspace,
  target: Target,
  input: WriteFileInput,
  context: { readonly clientFiles?: ClientFiles | undefined; readonly signal: AbortSignal },
): Promise<Outcome<WriteFileOutput>> {
  const { resolved, mode } = target;
  const realPath = resolved.absolutePath;
  const data = Buffer.from(input.content, 'utf8');
  const output = (created: boolean): Outcome<WriteFileOutput> =>
    toolSuccess({
      path: input.path,
      resolvedPath: realPath,
      mode,
      created,
      appended: mode === 'append',
      bytesWritten: data.byteLength,
    });
  const parentFailure = await ensureParent(target);
  if (parentFailure) return parentFailure;
  const writeClient = context.clientFiles?.writeTextFile;
  try {
    if (writeClient) {
      const written = await workspace.withLock(realPath, async () => {
        const current = await statIfExists(realPath);
        if (current?.isDirectory()) return isDirectory(resolved);
        if (mode === 'create' && current) return alreadyExists(resolved);
        let text = input.content;
        if (mode === 'append' && current) {
          // ACP writes whole files: the current text (the buffer's) and the addition.
          const before = await readRegularFileThrough(context.clientFiles, realPath, {
            maxBytes: CLIENT_APPEND_LIMIT_BYTES,
            signal: context.signal,
          });
          if (before.kind !== 'file') return undefined;
          text = before.bytes.toString('utf8') + input.content;
        }
        const failure = await writeTextThroughClient(workspace, writeClient, resolved, text, context.signal);
        return failure ?? output(current === undefined);
      });
      // undefined: too large (or no longer a file) to append through the client; appended on disk.
      if (written) return written;
    }
    if (mode === 'create') {
      return (await createFileExclusive(realPath, data)) ? output(true) : alreadyExists(resolved);
    }
    return await workspace.withLock(realPath, async () => {
      // Checked again under the lock: another call may have created or replaced the file.
      const current = await statIfExists(realPath);
      if (current?.isDirectory()) return isDirectory(resolved);
      if (mode === 'append') await appendFile(realPath, data);
      else await writeFileAtomic(realPath, data);
      return output(current === undefined);
    });
  } catch (error) {
    return writeFailure(error, target.resolved.displayPath, 'writing');
  }
}

/**
 * How `write_file` runs: guarded, atomic, per-path serialized writes with a diff in preflight.
 * Loaded on the tool's first call (see `createFsTools`).
 */
export function createWriteFileImplementation(
  options: WriteFileToolOptions,
): PlannedToolImplementation<WriteFileInput, WriteFileOutput, WriteFilePlan> {
  const { workspace } = options;
  return {
    async prepare(input, context) {
      const located = await locate(workspace, input);
      if (located.status === 'failure') return located;
      const target = located.output;
      const { absolutePath, displayPath } = target.resolved;
      return {
        status: 'ready',
        plan: { absolutePath, displayPath, existed: target.stats !== undefined },
        preview: await buildPreview(workspace, target, input.content, context),
      };
    },

    async execute(input, context) {
      if (context.signal.aborted) return aborted();
      // Everything is resolved again: the approver may have taken minutes, and the path may now
      // lead elsewhere. Writing somewhere other than what was approved is refused.
      const located = await locate(workspace, input);
      if (located.status === 'failure') return located;
      const target = located.output;
      const plan = context.plan;
      if (plan && plan.absolutePath !== target.resolved.absolutePath) {
        return fsFailure(
          'precondition_changed',
          `${JSON.stringify(input.path)} now leads to ${target.resolved.absolutePath}, not ${plan.absolutePath} as when the call was checked; nothing was written. Retry the call.`,
          {
            path: target.resolved.displayPath,
            planned: plan.absolutePath,
            now: target.resolved.absolutePath,
          },
        );
      }
      if (context.signal.aborted) return aborted();
      return write(workspace, target, input, context);
    },
  };
}
