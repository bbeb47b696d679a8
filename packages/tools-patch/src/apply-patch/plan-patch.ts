import { basename, dirname, isAbsolute, join } from 'node:path';
import {
  type ClientFiles,
  createUnifiedDiff,
  type LockStamp,
  type Outcome,
  type QuotingFailure,
  quotingFailure,
  type RegularFileRead,
  type ResolvedPath,
  type ToolFailure,
  toolSuccess,
  type Workspace,
} from '@toolgate/core';
import {
  fileCalls,
  readRegularFileThrough,
  systemErrorText,
  unifiedDiffHeader,
} from '@toolgate/core/workspace-io';
import type { FileCommit } from '../internal/commit-files.js';
import { MAX_FILE_BYTES } from '../internal/max-file-bytes.js';
import { patchFailure } from '../internal/patch-failure.js';
import { decodeTextFile, displayText } from '../internal/text-file.js';
import { applyHunks, describeMismatch } from './apply-hunks.js';
import type { ApplyPatchFileChange, ApplyPatchOutput } from './apply-patch-schema.js';
import { findDuplicateTarget } from './duplicate-targets.js';
import { encodeEditedFile } from './encode-edited-file.js';
import { fileIdentity } from './file-identity.js';
import { parsePatch } from './parse-patch.js';
import type { PatchOperation } from './patch-operation.js';
import type { PatchResolutions, ResolvedLink } from './patch-resolutions.js';

/** One file's state before and after the whole patch: what {@link applyPatch} commits. */
export type PlannedFile = FileCommit;

/** One operation as planned: what it does and its diff. */
export interface PlannedOperation {
  readonly change: ApplyPatchFileChange;
  /** Approval summary line: `Add a.txt`, `Update a.txt`, `Delete a.txt`, `Move a.txt → b.txt`. */
  readonly summary: string;
  /**
   * Unified diff of this operation (against the state the earlier operations left), computed when
   * first read: a call approved without a question (auto mode, a rule, a remembered answer) never
   * shows it, and a large patch's diffs cost more than planning it.
   */
  readonly diff: string;
}

/** Everything a patch would do, computed without writing anything. */
export interface PatchPlan {
  readonly operations: readonly PlannedOperation[];
  /** Per real path, first-touched order: the state before the patch and after it. */
  readonly files: readonly PlannedFile[];
  /** Every real path the patch touches, sorted: the locks execution takes. */
  readonly lockPaths: readonly string[];
  /** The combined unified diff of every operation (computed when first read, as each operation's). */
  readonly diff: string;
  /** The result `apply_patch` returns once the plan is written. */
  readonly output: ApplyPatchOutput;
  /** The resolved paths the plan was made from: what {@link planOperations} compares to reuse it. */
  readonly resolutions: PatchResolutions;
  /**
   * The workspace's lock stamp taken before the paths were resolved and the files read (preflight
   * only; none when a lock was held then, or the files came from a client): with it, execution
   * can tell that no call of this process wrote anything since ({@link Workspace.locksQuietSince}).
   */
  readonly lockStamp?: LockStamp;
}

/**
 * A plan, or the failure to return to the model: a hunk that does not match is a
 * `QuotingFailure` (the closest lines of the file wait for approval).
 */
export type PatchPlanResult = Outcome<PatchPlan> | QuotingFailure;

interface Entry {
  readonly resolved: ResolvedPath;
  readonly isDirectory: boolean;
  readonly original: Buffer | null;
  current: Buffer | null;
  /** The entry is a symbolic link (deleted by the patch) pointing there. */
  readonly linkTarget?: string;
  mode?: number;
  /** A Move's destination: written on disk like the rename it stands for (ACP has no rename). */
  movedHere?: boolean;
  /** Why no operation may touch this path (a FIFO, a file over the size limit, …). */
  readonly refusal?: (what: string) => ToolFailure;
}

const EMPTY = Buffer.alloc(0);

class PlanFailure {
  /** `unquoted`: the same failure without the file's lines, for a call not yet approved. */
  constructor(
    readonly failure: ToolFailure,
    readonly unquoted?: ToolFailure,
  ) {}
}

/**
 * Parses the patch, reads every file it names, places every hunk and computes each file's new
 * content and the diffs. A patch that names one file in two places is refused before any file is
 * read ({@link findDuplicateTarget}), so each operation plans a file no other one touches. Writes
 * nothing.
 */
export async function planPatch(
  workspace: Workspace,
  text: string,
  files?: PlanFileSource,
): Promise<PatchPlanResult> {
  const parsed = parsePatchText(text);
  if (parsed.status === 'failure') return parsed;
  // Before anything is resolved or read; a client's files can change whatever this process does.
  const lockStamp = files?.clientFiles ? undefined : workspace.lockStamp();
  return planOperations(workspace, parsed.output, {
    diffs: true,
    ...(files ? { files } : {}),
    ...(lockStamp === undefined ? {} : { lockStamp }),
  });
}

/** Where the planner reads the files: a client's (an editor's buffers) before the disk. */
export interface PlanFileSource {
  readonly clientFiles?: ClientFiles | undefined;
  readonly signal: AbortSignal;
}

/** Parses patch text into operations, or the `patch_parse_error` failure. */
export function parsePatchText(text: string): Outcome<readonly PatchOperation[]> {
  const parsed = parsePatch(text);
  if (parsed.ok) return toolSuccess(parsed.operations);
  return invalidPatch(parsed.line, parsed.message);
}

/** The `patch_parse_error` failure for a patch that is wrong at `line`. */
function invalidPatch(line: number, message: string, details: Record<string, unknown> = {}): ToolFailure {
  return patchFailure('patch_parse_error', `Invalid patch, line ${line}: ${message} Nothing was changed.`, {
    line,
    ...details,
  });
}

/**
 * Plans parsed operations; without `diffs` the (costly) diffs are left empty. With `reuse`, a plan
 * of the same operations made earlier (the one approval showed), that plan is the answer when
 * every path resolves as it did then and every file reads as it did (bytes and mode): planning
 * again would compute the same files, so only the reads are repeated.
 */
export async function planOperations(
  workspace: Workspace,
  operations: readonly PatchOperation[],
  options: {
    readonly diffs: boolean;
    readonly resolutions?: PatchResolutions;
    readonly reuse?: PatchPlan;
    readonly files?: PlanFileSource;
    /** Kept in the plan: see {@link PatchPlan.lockStamp}. */
    readonly lockStamp?: LockStamp;
  },
): Promise<PatchPlanResult> {
  try {
    const resolutions = options.resolutions ?? (await resolvePatchPaths(workspace, operations));
    // Asked at every planning, so two paths that came to name one file since approval are refused too.
    const duplicate = findDuplicateTarget(operations, resolutions);
    if (duplicate)
      return invalidPatch(duplicate.line, duplicate.message, {
        path: duplicate.path,
        lines: duplicate.lines,
      });
    const files = await loadFiles(resolutions, options.files);
    if (options.reuse && unchangedSince(options.reuse, resolutions, files)) return toolSuccess(options.reuse);
    return toolSuccess(new Planner(resolutions, files, options.diffs, options.lockStamp).plan(operations));
  } catch (error) {
    if (error instanceof PlanFailure)
      return error.unquoted ? quotingFailure(error.failure, error.unquoted) : error.failure;
    throw error;
  }
}

/** Whether the paths resolve, and the files read, exactly as when `plan` was made. */
function unchangedSince(
  plan: PatchPlan,
  resolutions: PatchResolutions,
  files: ReadonlyMap<string, LoadedFile>,
): boolean {
  // A deleted symbolic link is planned from more than its bytes: planned again, always.
  if (resolutions.links.size > 0 || plan.resolutions.links.size > 0) return false;
  if (resolutions.paths.size !== plan.resolutions.paths.size || files.size !== plan.files.length)
    return false;
  for (const [path, now] of resolutions.paths) {
    const then = plan.resolutions.paths.get(path);
    if (now.status !== 'success' || then?.status !== 'success') return false;
    if (
      now.output.absolutePath !== then.output.absolutePath ||
      now.output.displayPath !== then.output.displayPath
    )
      return false;
  }
  for (const file of plan.files) {
    const loaded = files.get(file.absolutePath);
    if (file.linkTarget !== undefined || loaded === undefined) return false;
    const same =
      file.before === null
        ? loaded.kind === 'missing'
        : loaded.kind === 'file' && loaded.mode === file.mode && loaded.bytes.equals(file.before);
    if (!same) return false;
  }
  return true;
}

/** Resolves every path the operations name (Move destinations too), each directory once. */
export async function resolvePatchPaths(
  workspace: Workspace,
  operations: readonly PatchOperation[],
): Promise<PatchResolutions> {
  const paths = pathsOf(operations);
  // Every named file is read before it is planned: the read predicate is asked first.
  const resolutions = (await workspace.resolveWritableAll(paths)).map((resolution) =>
    resolution.status === 'failure'
      ? resolution
      : (workspace.checkReadable(resolution.output.absolutePath) ?? resolution),
  );
  const links = new Map<string, ResolvedLink>();
  const findLinks = (candidates: readonly string[]) =>
    mapConcurrently(candidates, IO_CONCURRENCY, async (path) => {
      const link = await resolveLink(workspace, path);
      if (link) links.set(path, link);
    });
  const deleted = new Set(
    operations.filter((operation) => operation.type === 'delete').map((operation) => operation.path),
  );
  await findLinks([...deleted]);
  // Only a deleted link makes a link's own location a file of the patch, which another spelling
  // of its path could name again: the other paths are looked at only then.
  if (links.size > 0) await findLinks(paths.filter((path) => !deleted.has(path)));
  // Two paths can name one file only when there are two.
  const identities = new Map<string, string>();
  if (paths.length > 1)
    await mapConcurrently([...paths.entries()], IO_CONCURRENCY, async ([index, path]) => {
      const resolution = resolutions[index]!;
      if (resolution.status !== 'success' || !resolution.output.exists) return;
      const identity = await fileIdentity(resolution.output.absolutePath);
      if (identity !== undefined) identities.set(path, identity);
    });
  return { paths: new Map(paths.map((path, index) => [path, resolutions[index]!])), links, identities };
}

async function resolveLink(workspace: Workspace, path: string): Promise<ResolvedLink | undefined> {
  if (path.startsWith('~')) return undefined;
  const lexical = isAbsolute(path) ? path : join(workspace.root, path);
  try {
    if (!(await fileCalls.lstat(lexical)).isSymbolicLink()) return undefined;
    const parent = await workspace.resolveWritable(dirname(path));
    if (parent.status === 'failure') return undefined;
    const absolutePath = join(parent.output.absolutePath, basename(lexical));
    const own = await workspace.resolveWritable(absolutePath);
    if (own.status === 'failure') return undefined;
    const identity = await fileIdentity(absolutePath, true);
    return {
      absolutePath,
      displayPath: workspace.toDisplayPath(absolutePath),
      target: await fileCalls.readlink(lexical),
      ...(identity === undefined ? {} : { identity }),
    };
  } catch {
    return undefined;
  }
}

const IO_CONCURRENCY = 16;

function pathsOf(operations: readonly PatchOperation[]): string[] {
  const paths = new Set<string>();
  for (const operation of operations) {
    paths.add(operation.path);
    if (operation.type === 'update' && operation.moveTo !== undefined) paths.add(operation.moveTo);
  }
  return [...paths];
}

async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What reading one real path gave: the file, or the error to report if an operation needs it. */
type LoadedFile = RegularFileRead | { readonly kind: 'error'; readonly error: Error };

/**
 * Reads every file the patch names before planning, concurrently and never synchronously: a slow
 * disk or a FIFO must not stall the process (a synchronous read of a FIFO would block it, signals
 * included, until a writer came).
 */
async function loadFiles(
  resolutions: PatchResolutions,
  source: PlanFileSource | undefined,
): Promise<ReadonlyMap<string, LoadedFile>> {
  const signal = source?.signal ?? new AbortController().signal;
  const paths = new Set<string>();
  for (const resolution of resolutions.paths.values()) {
    if (resolution.status === 'success') paths.add(resolution.output.absolutePath);
  }
  const unique = [...paths];
  const loaded = await mapConcurrently(unique, IO_CONCURRENCY, async (path): Promise<LoadedFile> => {
    try {
      // Every path here passed the workspace and the read predicate (resolvePatchPaths).
      return await readRegularFileThrough(source?.clientFiles, path, { maxBytes: MAX_FILE_BYTES, signal });
    } catch (error) {
      return { kind: 'error', error: error as Error };
    }
  });
  return new Map(unique.map((path, index) => [path, loaded[index]!]));
}

class Planner {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly resolutions: PatchResolutions,
    private readonly files: ReadonlyMap<string, LoadedFile>,
    private readonly diffs: boolean,
    private readonly lockStamp: LockStamp | undefined,
  ) {}

  plan(operations: readonly PatchOperation[]): PatchPlan {
    const planned: PlannedOperation[] = [];
    for (const operation of operations) {
      if (operation.type === 'add') planned.push(this.add(operation));
      else if (operation.type === 'delete') planned.push(this.delete(operation));
      else planned.push(this.update(operation));
    }
    const files: PlannedFile[] = [];
    for (const entry of this.entries.values()) {
      if (entry.isDirectory) continue;
      files.push({
        absolutePath: entry.resolved.absolutePath,
        displayPath: entry.resolved.displayPath,
        before: entry.original,
        after: entry.current,
        ...(entry.mode !== undefined ? { mode: entry.mode } : {}),
        ...(entry.linkTarget !== undefined ? { linkTarget: entry.linkTarget } : {}),
        ...(entry.movedHere ? { onDisk: true } : {}),
      });
    }
    // Every distinct path, in patch order (a Set keeps insertion order).
    const changed = new Set<string>();
    for (const { change } of planned) {
      changed.add(change.path);
      if (change.movedTo !== undefined) changed.add(change.movedTo);
    }
    const changedFiles = [...changed];
    let diff: string | undefined;
    return {
      operations: planned,
      files,
      lockPaths: [...this.entries.keys()].sort(),
      get diff() {
        diff ??= planned.map((operation) => operation.diff).join('');
        return diff;
      },
      resolutions: this.resolutions,
      ...(this.lockStamp === undefined ? {} : { lockStamp: this.lockStamp }),
      output: {
        operationsApplied: planned.length,
        filesChanged: changedFiles.length,
        changedFiles,
        fileChanges: planned.map((operation) => operation.change),
      },
    };
  }

  private resolve(path: string): Entry {
    const resolution = this.resolutions.paths.get(path);
    if (!resolution) throw new Error(`apply_patch planner: ${path} was not resolved`);
    if (resolution.status === 'failure') throw new PlanFailure(resolution);
    const resolved = resolution.output;
    if (this.entries.has(resolved.absolutePath))
      throw new Error(
        `apply_patch planner: ${resolved.absolutePath} is named twice; findDuplicateTarget refuses that`,
      );
    const loaded = this.files.get(resolved.absolutePath);
    if (!loaded) throw new Error(`apply_patch planner: ${resolved.absolutePath} was not read`);
    const entry = toEntry(resolved, loaded);
    this.entries.set(resolved.absolutePath, entry);
    return entry;
  }

  /** The diff of one step, to compute when it is read (the buffers never change once planned). */
  private diff(before: Buffer | null, after: Buffer | null, path: string, newPath: string): () => string {
    return this.diffs ? () => diffOf(before, after, path, newPath) : () => '';
  }

  /** Refuses anything but a regular file or a path with nothing there yet. */
  private refuseNonFile(entry: Entry, what: string): void {
    if (entry.refusal) throw new PlanFailure(entry.refusal(what));
    if (entry.isDirectory) {
      throw new PlanFailure(
        patchFailure(
          'is_directory',
          `Cannot ${what} ${entry.resolved.displayPath}: it is a directory. apply_patch works on files only. Nothing was changed.`,
          { path: entry.resolved.displayPath },
        ),
      );
    }
  }

  private requireFile(entry: Entry, what: string): Buffer {
    this.refuseNonFile(entry, what);
    if (entry.current === null) {
      throw new PlanFailure(
        patchFailure(
          'not_found',
          `Cannot ${what} ${entry.resolved.displayPath}: the file does not exist. Check the path, or use '*** Add File:' to create it. Nothing was changed.`,
          { path: entry.resolved.displayPath },
        ),
      );
    }
    return entry.current;
  }

  private add(operation: Extract<PatchOperation, { type: 'add' }>): PlannedOperation {
    const entry = this.resolve(operation.path);
    this.refuseNonFile(entry, 'add');
    const before = entry.current;
    // Made from the patch text on each read: read once.
    const lines = operation.lines;
    const after = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
    entry.current = after;
    const path = entry.resolved.displayPath;
    const replacedExisting = before !== null;
    return plannedOperation(
      {
        path,
        operation: 'add',
        linesAdded: lines.length,
        linesRemoved: 0,
        ...(replacedExisting ? { replacedExisting: true } : {}),
      },
      replacedExisting ? `Add ${path} (replaces the existing file)` : `Add ${path}`,
      this.diff(before, after, path, path),
    );
  }

  private delete(operation: Extract<PatchOperation, { type: 'delete' }>): PlannedOperation {
    const link = this.resolutions.links.get(operation.path);
    if (link) {
      const resolved = {
        requestedPath: operation.path,
        absolutePath: link.absolutePath,
        displayPath: link.displayPath,
        exists: true,
      };
      this.entries.set(link.absolutePath, {
        resolved,
        isDirectory: false,
        original: EMPTY,
        current: null,
        linkTarget: link.target,
      });
      const diff = this.diffs
        ? `--- a/${link.displayPath}\n+++ b/${link.displayPath}\nSymbolic link to ${link.target} deleted\n`
        : '';
      return plannedOperation(
        { path: link.displayPath, operation: 'delete', linesAdded: 0, linesRemoved: 0 },
        `Delete ${link.displayPath} (symbolic link to ${link.target})`,
        () => diff,
      );
    }
    const entry = this.resolve(operation.path);
    const before = this.requireFile(entry, 'delete');
    entry.current = null;
    const path = entry.resolved.displayPath;
    const text = decodeTextFile(before);
    return plannedOperation(
      { path, operation: 'delete', linesAdded: 0, linesRemoved: text ? text.lines.length : 0 },
      `Delete ${path}`,
      this.diff(before, null, path, path),
    );
  }

  private update(operation: Extract<PatchOperation, { type: 'update' }>): PlannedOperation {
    const source = this.resolve(operation.path);
    const before = this.requireFile(source, 'update');
    const path = source.resolved.displayPath;
    const text = decodeTextFile(before);
    if (!text) {
      throw new PlanFailure(
        patchFailure(
          'binary_file',
          `Cannot update ${path}: it is binary or not UTF-8 text, and apply_patch never rewrites such files. Nothing was changed.`,
          { path },
        ),
      );
    }
    let after = before;
    let linesAdded = 0;
    let linesRemoved = 0;
    if (operation.hunks.length > 0) {
      const applied = applyHunks(text, operation.hunks);
      if (!applied.ok) {
        const { closest: _closest, ...withoutLines } = applied.mismatch;
        throw new PlanFailure(
          patchFailure('patch_context_mismatch', describeMismatch(path, applied.mismatch), {
            path,
            ...applied.mismatch,
          }),
          patchFailure('patch_context_mismatch', describeMismatch(path, withoutLines, true), {
            path,
            ...withoutLines,
          }),
        );
      }
      after = encodeEditedFile(before, applied.edit);
      linesAdded = applied.linesAdded;
      linesRemoved = applied.linesRemoved;
    }
    if (operation.moveTo === undefined) {
      source.current = after;
      return plannedOperation(
        { path, operation: 'update', linesAdded, linesRemoved },
        `Update ${path}`,
        this.diff(before, after, path, path),
      );
    }
    const destination = this.resolve(operation.moveTo);
    this.refuseNonFile(destination, 'move a file onto');
    const replaced = destination.current;
    const replacedExisting = replaced !== null;
    source.current = null;
    destination.current = after;
    destination.movedHere = true;
    if (destination.original === null) {
      if (source.mode !== undefined) destination.mode = source.mode;
    }
    const movedTo = destination.resolved.displayPath;
    const replacedDiff = replaced === null ? () => '' : this.diff(replaced, null, movedTo, movedTo);
    const movedDiff = this.diff(before, after, path, movedTo);
    return plannedOperation(
      {
        path,
        operation: 'update',
        linesAdded,
        linesRemoved,
        movedTo,
        ...(replacedExisting ? { replacedExisting: true } : {}),
      },
      `Move ${path} → ${movedTo}${replacedExisting ? ' (replaces the existing file)' : ''}`,
      () => replacedDiff() + movedDiff(),
    );
  }
}

/** An operation as planned, its diff computed on first read (see {@link PlannedOperation.diff}). */
function plannedOperation(
  change: ApplyPatchFileChange,
  summary: string,
  computeDiff: () => string,
): PlannedOperation {
  let diff: string | undefined;
  return {
    change,
    summary,
    get diff() {
      diff ??= computeDiff();
      return diff;
    },
  };
}

/** The planner's entry for a path as read; a path no operation may touch carries its refusal. */
function toEntry(resolved: ResolvedPath, loaded: LoadedFile): Entry {
  const path = resolved.displayPath;
  const empty = { resolved, isDirectory: false, original: null, current: null };
  switch (loaded.kind) {
    case 'file':
      // Knowing the mode spares the atomic write a stat of its own.
      return { ...empty, original: loaded.bytes, current: loaded.bytes, mode: loaded.mode };
    case 'missing':
      return empty;
    case 'directory':
      return { ...empty, isDirectory: true };
    case 'not_regular':
      return {
        ...empty,
        refusal: (what) =>
          patchFailure(
            'not_a_regular_file',
            `Cannot ${what} ${path}: it is not a regular file (a FIFO, socket or device); apply_patch changes regular files only. Nothing was changed.`,
            { path },
          ),
      };
    case 'too_large':
      return {
        ...empty,
        refusal: (what) =>
          patchFailure(
            'file_too_large',
            `Cannot ${what} ${path}: it is ${loaded.size} bytes; apply_patch works on files up to ${loaded.limit / 1024 / 1024} MiB (${loaded.limit} bytes), since it holds every file in memory to apply the patch atomically. Change a file this large with bash (sed, a script). Nothing was changed.`,
            { path, size: loaded.size, limit: loaded.limit },
          ),
      };
    case 'symbolic_link':
      throw new PlanFailure(
        patchFailure(
          'precondition_changed',
          `${path} became a symbolic link after it was resolved. Nothing was changed; try the patch again.`,
          { path },
        ),
      );
    case 'error':
      throw new PlanFailure(
        patchFailure(
          'io_error',
          `Cannot read ${path}: ${systemErrorText(loaded.error)}. Nothing was changed.`,
        ),
      );
  }
}

function diffOf(before: Buffer | null, after: Buffer | null, path: string, newPath: string): string {
  const sides = { path, newPath, created: before === null, deleted: after === null };
  const beforeText = displayText(before);
  const afterText = displayText(after);
  if (beforeText === undefined || afterText === undefined) {
    const what = before === null ? 'added' : after === null ? 'deleted' : 'replaced';
    return `${unifiedDiffHeader(sides)}Binary file ${what}\n`;
  }
  const diff = createUnifiedDiff(beforeText, afterText, sides);
  if (diff !== '') return diff;
  if (path !== newPath) return `${unifiedDiffHeader(sides)}(renamed without content changes)\n`;
  if (before === null && after !== null) return `${unifiedDiffHeader(sides)}(new empty file)\n`;
  return '';
}
