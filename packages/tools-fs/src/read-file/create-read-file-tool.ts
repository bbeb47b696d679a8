import { constants, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  type Outcome,
  type PlannedToolImplementation,
  type ResolvedPath,
  type ToolFailure,
  toolSuccess,
  type Workspace,
} from '@toolgate/core';
import { ioFailure } from '@toolgate/core/workspace-io';
import { describeSize } from '../internal/describe-size.js';
import { fsFailure } from '../internal/fs-failure.js';
import { openReadableFile, type ReadableFile, textAsReadableFile } from '../internal/open-readable-file.js';
import { readLineRange } from '../internal/read-line-range.js';
import { suggestSimilarPaths } from '../internal/suggest-similar-paths.js';
import type { ReadFileInput, ReadFileOutput } from './read-file-schema.js';

/** Options of {@link createReadFileImplementation}. */
export interface ReadFileToolOptions {
  readonly workspace: Workspace;
  /** `maxChars` when the call gives none. */
  readonly defaultReadMaxChars: number;
}

/** What preflight resolved for `read_file`. */
export interface ReadFilePlan {
  readonly absolutePath: string;
  readonly displayPath: string;
}

/** Bytes inspected for a NUL to tell a binary file. */
const BINARY_SNIFF_BYTES = 8 * 1024;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

async function notFound(workspace: Workspace, resolved: ResolvedPath): Promise<ToolFailure> {
  const { directory, suggestions } = await suggestSimilarPaths(workspace, resolved.absolutePath);
  const hint =
    suggestions.length > 0
      ? ` Did you mean ${suggestions.map((entry) => JSON.stringify(entry)).join(', ')}?`
      : ` Nothing in ${JSON.stringify(directory)} has a similar name; use glob to find the file.`;
  return fsFailure('not_found', `File not found: ${JSON.stringify(resolved.requestedPath)}.${hint}`, {
    path: resolved.displayPath,
    suggestions,
  });
}

function isDirectoryFailure(resolved: ResolvedPath): ToolFailure {
  return fsFailure(
    'is_directory',
    `${JSON.stringify(resolved.requestedPath)} is a directory, not a file. Use glob with path ${JSON.stringify(resolved.displayPath)} to list its files.`,
    { path: resolved.displayPath },
  );
}

function notRegularFailure(resolved: ResolvedPath): ToolFailure {
  return fsFailure(
    'not_a_regular_file',
    `${JSON.stringify(resolved.requestedPath)} is not a regular file (a FIFO, socket or device); read_file reads files only.`,
    { path: resolved.displayPath },
  );
}

function kindFailure(resolved: ResolvedPath, stats: Stats): ToolFailure | undefined {
  if (stats.isDirectory()) return isDirectoryFailure(resolved);
  if (!stats.isFile()) return notRegularFailure(resolved);
  return undefined;
}

/** Resolves the path through the workspace and checks it names a regular file. */
async function locate(workspace: Workspace, path: string): Promise<Outcome<ResolvedPath>> {
  const resolution = await workspace.resolveReadable(path);
  if (resolution.status === 'failure') return resolution;
  const resolved = resolution.output;
  if (!resolved.exists) return notFound(workspace, resolved);
  let stats: Stats;
  try {
    stats = await stat(resolved.absolutePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return notFound(workspace, resolved);
    return ioFailure(error, resolved.displayPath, 'reading');
  }
  return kindFailure(resolved, stats) ?? toolSuccess(resolved);
}

function rangeFailure(input: ReadFileInput): ToolFailure | undefined {
  if (input.startLine !== undefined && input.endLine !== undefined && input.startLine > input.endLine) {
    return fsFailure(
      'invalid_arguments',
      `Invalid arguments for read_file: startLine (${input.startLine}) is after endLine (${input.endLine}); give startLine <= endLine.`,
    );
  }
  return undefined;
}

function describeRange(input: ReadFileInput): string {
  if (input.startLine === undefined && input.endLine === undefined) return '';
  return ` (lines ${input.startLine ?? 1}-${input.endLine ?? 'end'})`;
}

async function readOpenFile(
  handle: ReadableFile,
  resolved: ResolvedPath,
  input: ReadFileInput,
  maxChars: number,
  signal: AbortSignal,
): Promise<Outcome<ReadFileOutput>> {
  const stats = await handle.stat();
  const kind = kindFailure(resolved, stats);
  if (kind) return kind;
  const head = Buffer.alloc(BINARY_SNIFF_BYTES);
  const { bytesRead } = await handle.read(head, 0, BINARY_SNIFF_BYTES, 0);
  if (head.subarray(0, bytesRead).includes(0)) {
    return fsFailure(
      'binary_file',
      `${JSON.stringify(resolved.requestedPath)} looks like a binary file (a NUL byte in its first 8 KiB; ${describeSize(stats.size)}). read_file reads text only.`,
      { path: resolved.displayPath, size: stats.size },
    );
  }
  const bom = bytesRead >= 3 && UTF8_BOM.every((byte, index) => head[index] === byte) ? 3 : 0;
  const range = await readLineRange(handle, bom, {
    startLine: input.startLine ?? 1,
    endLine: input.endLine,
    maxChars,
    signal,
    sizeBytes: stats.size,
  });
  if (range === 'aborted') return fsFailure('aborted', 'read_file was cancelled before it finished.');
  return toolSuccess({
    path: resolved.displayPath,
    content: range.content,
    startLine: range.startLine,
    endLine: range.endLine,
    truncated: range.truncated,
    hasMore: range.hasMore,
  });
}

/**
 * How `read_file` runs: streaming, range-scoped, length-capped reads through the workspace.
 * Loaded on the tool's first call (see `createFsTools`).
 */
export function createReadFileImplementation(
  options: ReadFileToolOptions,
): PlannedToolImplementation<ReadFileInput, ReadFileOutput, ReadFilePlan> {
  const { workspace, defaultReadMaxChars } = options;
  return {
    async prepare(input) {
      const invalid = rangeFailure(input);
      if (invalid) return invalid;
      const located = await locate(workspace, input.path);
      if (located.status === 'failure') return located;
      const { absolutePath, displayPath } = located.output;
      return {
        status: 'ready',
        plan: { absolutePath, displayPath },
        preview: { lines: [`Read ${displayPath}${describeRange(input)}`], locations: [displayPath] },
      };
    },

    async execute(input, context) {
      const invalid = rangeFailure(input);
      if (invalid) return invalid;
      // Resolved again: preflight may be long ago (an approver was asked) and the path may have moved.
      const located = await locate(workspace, input.path);
      if (located.status === 'failure') return located;
      const resolved = located.output;
      if (context.signal.aborted) return fsFailure('aborted', 'read_file was cancelled before it finished.');
      let handle: ReadableFile;
      try {
        // O_NONBLOCK: a FIFO swapped in after the check must not hang the call; O_NOFOLLOW: nor a symlink.
        handle = await openReadableFile(
          resolved.absolutePath,
          constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW,
        );
      } catch (error) {
        return ioFailure(error, resolved.displayPath, 'opening');
      }
      try {
        let source = handle;
        const readClient = context.clientFiles?.readTextFile;
        if (readClient) {
          // The editor's buffer when it holds the file: unsaved edits are what the person sees.
          // Asked only once the path has passed the read policy and the opened file is regular.
          const stats = await handle.stat();
          const kind = kindFailure(resolved, stats);
          if (kind) return kind;
          const buffered = await readClient(resolved.absolutePath, context.signal);
          if (buffered !== undefined) source = textAsReadableFile(buffered, stats);
        }
        const output = await readOpenFile(
          source,
          resolved,
          input,
          input.maxChars ?? defaultReadMaxChars,
          context.signal,
        );
        return output;
      } catch (error) {
        return ioFailure(error, resolved.displayPath, 'reading');
      } finally {
        await handle.close();
      }
    },
  };
}
