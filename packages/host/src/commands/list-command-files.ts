import { lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  COMMAND_NAME_PATTERN,
  MAX_COMMAND_DEPTH,
  MAX_COMMAND_FILE_BYTES,
  MAX_COMMAND_FILES,
} from './command-sources.js';
import type { CommandProblem } from './prompt-command.js';

/** The command files of one directory, and what was left out. */
export interface CommandFileListing {
  /** The directory listed, absolute. */
  readonly directory: string;
  /** `*.md` files by path relative to the directory, with `/` (`frontend/component.md`), sorted. */
  readonly files: readonly string[];
  readonly problems: readonly CommandProblem[];
}

/** Options of {@link listCommandFiles}. */
export interface ListCommandFilesOptions {
  /** Report a file with more than one name (trust covers a file only under its one name). @default false */
  readonly singleLink?: boolean;
}

const NOT_FOLLOWED =
  'a symbolic link, not followed: commands are read only from regular files inside the directory';

/**
 * Lists the `*.md` files under `base/rel` without following any link: each segment of `rel` (a
 * workspace's `.claude/commands`) and everything under it is looked at with `lstat`; a link, a
 * file over {@link MAX_COMMAND_FILE_BYTES}, a name outside {@link COMMAND_NAME_PATTERN}, a directory
 * deeper than {@link MAX_COMMAND_DEPTH} and files past {@link MAX_COMMAND_FILES} are reported, not
 * listed. `base` itself may be a link (the user's own `~/.claude`); a missing directory lists nothing.
 */
export async function listCommandFiles(
  base: string,
  rel: string,
  options: ListCommandFilesOptions = {},
): Promise<CommandFileListing> {
  const directory = rel === '' ? base : join(base, rel);
  const files: string[] = [];
  const problems: CommandProblem[] = [];
  const listing = () => ({ directory, files: files.sort(), problems });
  try {
    if (!(await stat(base)).isDirectory()) return listing();
  } catch {
    return listing();
  }
  let path = base;
  for (const segment of rel === '' ? [] : rel.split('/')) {
    path = join(path, segment);
    let stats: Awaited<ReturnType<typeof lstat>>;
    try {
      stats = await lstat(path);
    } catch {
      return listing();
    }
    if (stats.isSymbolicLink()) {
      problems.push({ file: path, reason: NOT_FOLLOWED });
      return listing();
    }
    if (!stats.isDirectory()) {
      problems.push({ file: path, reason: 'not a directory' });
      return listing();
    }
  }
  const pending: { readonly path: string; readonly rel: string; readonly depth: number }[] = [
    { path: directory, rel: '', depth: 0 },
  ];
  while (pending.length > 0) {
    const current = pending.shift()!;
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(current.path, { withFileTypes: true });
    } catch (error) {
      problems.push({
        file: current.path,
        reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      });
      continue;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const file = join(current.path, entry.name);
      const relative = current.rel === '' ? entry.name : `${current.rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!COMMAND_NAME_PATTERN.test(entry.name))
          problems.push({
            file,
            reason: 'a directory name commands cannot take (letters, digits, . _ - only)',
          });
        else if (current.depth + 1 > MAX_COMMAND_DEPTH)
          problems.push({ file, reason: `deeper than ${MAX_COMMAND_DEPTH} directories; not read` });
        else pending.push({ path: file, rel: relative, depth: current.depth + 1 });
        continue;
      }
      if (entry.isSymbolicLink()) {
        problems.push({ file, reason: NOT_FOLLOWED });
        continue;
      }
      if (!entry.name.endsWith('.md')) continue;
      if (!entry.isFile()) {
        problems.push({ file, reason: 'not a regular file' });
        continue;
      }
      if (!COMMAND_NAME_PATTERN.test(entry.name.slice(0, -'.md'.length))) {
        problems.push({
          file,
          reason:
            'a name commands cannot take: letters, digits, . _ - only, at most 64, starting with a letter or digit',
        });
        continue;
      }
      let stats: Awaited<ReturnType<typeof lstat>>;
      try {
        stats = await lstat(file);
      } catch (error) {
        problems.push({
          file,
          reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        });
        continue;
      }
      if (!stats.isFile()) {
        problems.push({ file, reason: 'changed while it was listed' });
        continue;
      }
      if (stats.size > MAX_COMMAND_FILE_BYTES) {
        problems.push({
          file,
          reason: `${stats.size} bytes, larger than the ${MAX_COMMAND_FILE_BYTES} a command file may have; not read`,
        });
        continue;
      }
      if (options.singleLink && stats.nlink > 1) {
        problems.push({
          file,
          reason: `${stats.nlink} hard links; a workspace's command is read only from a file with one name (copy it instead of linking)`,
        });
        continue;
      }
      if (files.length >= MAX_COMMAND_FILES) {
        // Said once: the rest of the tree is not walked.
        problems.push({
          file: directory,
          reason: `more than ${MAX_COMMAND_FILES} command files; ${file} and the files after it are not read`,
        });
        return listing();
      }
      files.push(relative);
    }
  }
  return listing();
}
