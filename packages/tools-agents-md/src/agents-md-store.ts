import { constants, type Stats } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type ClientFiles,
  type Outcome,
  type ResolvedPath,
  type ToolFailure,
  toolSuccess,
  type Workspace,
} from '@toolgate/core';
import {
  appendFile,
  ioFailure,
  pinDirectory,
  statIfExists,
  writeFailure,
  writeFileAtomic,
  writeTextThroughClient,
} from '@toolgate/core/workspace-io';
import { agentsMdFailure } from './internal/agents-md-failure.js';

/** Where AGENTS.md is looked for, in order; the first is created when none exists. */
export const AGENTS_MD_CANDIDATES: readonly string[] = ['AGENTS.md', '.agents/AGENTS.md'];

/** Files above this size are appended to in place (`O_APPEND`) instead of rewritten atomically. */
const ATOMIC_APPEND_LIMIT_BYTES = 8 * 1024 * 1024;

/** AGENTS.md as found, or where it would be created. */
export interface AgentsMdLocation {
  /** Root-relative path with `/` (`AGENTS.md` or `.agents/AGENTS.md`). */
  readonly path: string;
  /** The real absolute path (symlinks resolved). */
  readonly resolvedPath: string;
  /** A file is there. */
  readonly exists: boolean;
}

/** Contents read from AGENTS.md. */
export interface AgentsMdContent extends AgentsMdLocation {
  /** The text (UTF-8, invalid bytes replaced, BOM dropped); empty when the file does not exist. */
  readonly content: string;
  /** Only the first `maxBytes` were read. */
  readonly truncated: boolean;
}

/** Options of {@link AgentsMdStore.read}. */
export interface AgentsMdReadOptions {
  /** Read at most this many bytes. @default 1048576 */
  readonly maxBytes?: number;
  /** A client's files (an editor's buffer of AGENTS.md), asked once the path is admitted. @default the disk */
  readonly clientFiles?: ClientFiles | undefined;
  /** Cancels a client's read. @default never */
  readonly signal?: AbortSignal;
}

/** Options of the store's writes. */
export interface AgentsMdWriteOptions {
  /** Refuse (`precondition_changed`) unless AGENTS.md still resolves to this real path. */
  readonly expectedPath?: string;
  /** A client's files: AGENTS.md is read (to append) and written through them, the path checked again after. @default the disk */
  readonly clientFiles?: ClientFiles | undefined;
  /** Cancels a client's read or write. @default never */
  readonly signal?: AbortSignal;
}

/**
 * Project memory: finds AGENTS.md (`AGENTS.md`, then `.agents/AGENTS.md`, else `AGENTS.md` is
 * created) on every call, through the workspace guard, and writes it atomically under the lock of
 * its real path.
 */
export interface AgentsMdStore {
  /** Finds AGENTS.md and resolves it for reading or writing; a refusal is the failure to report. */
  locate(purpose: 'read' | 'write'): Promise<Outcome<AgentsMdLocation>>;
  /** Reads AGENTS.md; a missing file reads as empty. */
  read(options?: AgentsMdReadOptions): Promise<Outcome<AgentsMdContent>>;
  /** Replaces AGENTS.md with `content` (created when missing). */
  write(content: string, options?: AgentsMdWriteOptions): Promise<Outcome<AgentsMdLocation>>;
  /**
   * Appends `text`; when the file is non-empty and does not end in `\n`, one `\n` goes first.
   * No newline is added after `text`.
   */
  append(text: string, options?: AgentsMdWriteOptions): Promise<Outcome<AgentsMdLocation>>;
}

const DEFAULT_READ_BYTES = 1024 * 1024;

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

function kindFailure(location: AgentsMdLocation, stats: Stats | undefined): ToolFailure | undefined {
  if (stats?.isDirectory()) {
    return agentsMdFailure(
      'is_directory',
      `${location.path} is a directory, not a file; remove or rename it.`,
      {
        path: location.path,
      },
    );
  }
  if (stats && !stats.isFile()) {
    return agentsMdFailure(
      'not_a_regular_file',
      `${location.path} is not a regular file (a FIFO, socket or device).`,
      {
        path: location.path,
      },
    );
  }
  return undefined;
}

/** Reads up to `maxBytes` of a file. */
async function readHead(path: string, maxBytes: number): Promise<{ bytes: Buffer; size: number }> {
  // O_NONBLOCK: a FIFO swapped in after the check must not hang the call.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { bytes: buffer.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
}

/** Decodes UTF-8 leniently, dropping a leading BOM. */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

const NEVER = new AbortController().signal;

/** The first `maxBytes` of a client's text, and its size, as `readHead` gives them for a file. */
function headOf(bytes: Buffer, maxBytes: number): { bytes: Buffer; size: number } {
  return { bytes: bytes.subarray(0, maxBytes), size: bytes.length };
}

/** AGENTS.md as the workspace resolved it, for a client's write. */
function resolvedOf(location: AgentsMdLocation): ResolvedPath {
  return {
    requestedPath: location.path,
    absolutePath: location.resolvedPath,
    displayPath: location.path,
    exists: location.exists,
  };
}

/** Creates the store for one workspace. */
export function createAgentsMdStore(workspace: Workspace): AgentsMdStore {
  const locate = async (purpose: 'read' | 'write'): Promise<Outcome<AgentsMdLocation>> => {
    let chosen = AGENTS_MD_CANDIDATES[0]!;
    for (const candidate of AGENTS_MD_CANDIDATES) {
      if (await exists(join(workspace.root, candidate))) {
        chosen = candidate;
        break;
      }
    }
    const resolution =
      purpose === 'read' ? await workspace.resolveReadable(chosen) : await workspace.resolveWritable(chosen);
    if (resolution.status === 'failure') {
      const { error } = resolution;
      // A symlink loop is not the model's argument; report it as the broken file it is.
      return error.code === 'invalid_arguments' ? agentsMdFailure('io_error', error.message) : resolution;
    }
    // Writing AGENTS.md reads it too (the approval diff, the append): the read predicate first.
    const denied = workspace.checkReadable(resolution.output.absolutePath);
    if (denied) return denied;
    const location = toLocation(chosen, resolution.output);
    if (!location.exists) return toolSuccess(location);
    try {
      return kindFailure(location, await statIfExists(location.resolvedPath)) ?? toolSuccess(location);
    } catch (error) {
      return ioFailure(error, location.path, 'checking');
    }
  };

  const toLocation = (path: string, resolved: ResolvedPath): AgentsMdLocation => ({
    path,
    resolvedPath: resolved.absolutePath,
    exists: resolved.exists,
  });

  const locateForWrite = async (
    options: AgentsMdWriteOptions,
  ): Promise<Outcome<{ location: AgentsMdLocation; stats: Stats | undefined }>> => {
    const located = await locate('write');
    if (located.status === 'failure') return located;
    const location = located.output;
    if (options.expectedPath !== undefined && options.expectedPath !== location.resolvedPath) {
      return agentsMdFailure(
        'precondition_changed',
        `AGENTS.md now resolves to ${location.resolvedPath}, not ${options.expectedPath} as when the call was checked; nothing was written. Retry the call.`,
        { path: location.path, planned: options.expectedPath, now: location.resolvedPath },
      );
    }
    let stats: Stats | undefined;
    try {
      stats = await statIfExists(location.resolvedPath);
    } catch (error) {
      return ioFailure(error, location.path, 'checking');
    }
    return kindFailure(location, stats) ?? toolSuccess({ location, stats });
  };

  /** Creates the parent directories, each inside the checked one above it (never through a symlink). */
  const ensureParent = async (location: AgentsMdLocation): Promise<void> => {
    await (await pinDirectory(dirname(location.resolvedPath), { create: true })).close();
  };
  /** Finds the file for writing, creates its parent, and runs `work` under the file's lock. */
  const writeLocked = async (
    options: AgentsMdWriteOptions,
    verb: string,
    work: (location: AgentsMdLocation) => Promise<ToolFailure | undefined>,
  ): Promise<Outcome<AgentsMdLocation>> => {
    const found = await locateForWrite(options);
    if (found.status === 'failure') return found;
    const { location } = found.output;
    try {
      await ensureParent(location);
      const failure = await workspace.withLock(location.resolvedPath, () => work(location));
      return failure ?? toolSuccess({ ...location, exists: true });
    } catch (error) {
      return writeFailure(error, location.path, verb);
    }
  };

  return {
    locate,

    async read(options = {}) {
      const located = await locate('read');
      if (located.status === 'failure') return located;
      const location = located.output;
      if (!location.exists) return toolSuccess({ ...location, content: '', truncated: false });
      try {
        const stats = await statIfExists(location.resolvedPath);
        if (!stats) return toolSuccess({ ...location, exists: false, content: '', truncated: false });
        const kind = kindFailure(location, stats);
        if (kind) return kind;
        const maxBytes = options.maxBytes ?? DEFAULT_READ_BYTES;
        // The editor's buffer when it holds the file (the path is admitted and a regular file).
        const buffered = await options.clientFiles?.readTextFile?.(
          location.resolvedPath,
          options.signal ?? NEVER,
        );
        const { bytes, size } =
          buffered === undefined
            ? await readHead(location.resolvedPath, maxBytes)
            : headOf(Buffer.from(buffered, 'utf8'), maxBytes);
        return toolSuccess({ ...location, content: decodeText(bytes), truncated: bytes.length < size });
      } catch (error) {
        return ioFailure(error, location.path, 'reading');
      }
    },

    write: (content, options = {}) =>
      writeLocked(options, 'writing', async (location) => {
        const client = options.clientFiles?.writeTextFile;
        if (client)
          return writeTextThroughClient(
            workspace,
            client,
            resolvedOf(location),
            content,
            options.signal ?? NEVER,
          );
        await writeFileAtomic(location.resolvedPath, content);
        return undefined;
      }),

    append: (text, options = {}) =>
      writeLocked(options, 'appending to', async (location) => {
        const stats = await statIfExists(location.resolvedPath);
        const kind = kindFailure(location, stats);
        if (kind) return kind;
        const size = stats?.size ?? 0;
        const client = options.clientFiles?.writeTextFile;
        if (client && size <= ATOMIC_APPEND_LIMIT_BYTES) {
          // ACP writes whole files: the buffer's text (else the disk's) and the addition.
          const buffered = await options.clientFiles?.readTextFile?.(
            location.resolvedPath,
            options.signal ?? NEVER,
          );
          const current =
            buffered ?? (size > 0 ? decodeText((await readHead(location.resolvedPath, size)).bytes) : '');
          const separator = current.length > 0 && !current.endsWith('\n') ? '\n' : '';
          return writeTextThroughClient(
            workspace,
            client,
            resolvedOf(location),
            current + separator + text,
            options.signal ?? NEVER,
          );
        }
        if (size > ATOMIC_APPEND_LIMIT_BYTES) {
          const handle = await open(location.resolvedPath, constants.O_RDONLY | constants.O_NOFOLLOW);
          const last = Buffer.alloc(1);
          try {
            await handle.read(last, 0, 1, size - 1);
          } finally {
            await handle.close();
          }
          // Core's append: pinned directory, never into a hard-linked inode, undone if it fails.
          await appendFile(location.resolvedPath, Buffer.from(last[0] === 0x0a ? text : `\n${text}`));
          return undefined;
        }
        const current = size > 0 ? (await readHead(location.resolvedPath, size)).bytes : Buffer.alloc(0);
        const separator = current.length > 0 && current[current.length - 1] !== 0x0a ? '\n' : '';
        await writeFileAtomic(location.resolvedPath, Buffer.concat([current, Buffer.from(separator + text)]));
        return undefined;
      }),
  };
}
