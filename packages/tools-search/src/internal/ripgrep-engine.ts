import { nulRecords, type RecordReader, type RipgrepRun, runRipgrep } from './run-ripgrep.js';
import type { FoundMatch, GrepOutcome, GrepRequest, ListOutcome, WalkSettings } from './search-request.js';
import { contentOfBytes } from './search-text.js';
import { ripgrepSecretFlags, secretPathFilter } from './secret-names.js';
import { RIPGREP_TEMPORARY_FLAGS } from './temporary-names.js';

/**
 * `rg` runs in the searched directory and is given `./`, so it prints short paths (`./src/a.ts`):
 * less output to decode, and the read predicate's absolute path is the base's prefix joined with
 * the rest.
 */
const SEARCHED = './';

/** The base with a trailing `/`, to join a path relative to it. */
function directoryPrefix(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** A path as rg prints it under {@link SEARCHED}, relative to the base. */
function relativeToBase(path: string): string {
  return path.startsWith(SEARCHED) ? path.slice(SEARCHED.length) : path;
}

/** How long a search runs before the concurrent `rg --files` count starts. */
const COUNT_DELAY_MS = 25;

function escapeGlob(name: string): string {
  return name.replace(/[\\*?[\]{}!]/g, (character) => `\\${character}`);
}

/** Flags that make `rg` walk exactly as the Node engine does, whatever the user's configuration. */
function walkFlags(settings: WalkSettings): string[] {
  const flags = ['--no-config', '--hidden', '--no-ignore-global'];
  if (!settings.respectIgnoreFiles) flags.push('--no-ignore');
  for (const name of settings.excludedNames) {
    if (name !== '' && !name.includes('/')) flags.push('--glob', `!${escapeGlob(name)}`);
  }
  flags.push(...ripgrepSecretFlags(settings.secrets), ...RIPGREP_TEMPORARY_FLAGS);
  return flags;
}

function failureOf(run: { exitCode: number | null; stderr: string; spawnError?: Error }): string {
  if (run.spawnError) return `could not run rg: ${run.spawnError.message}`;
  return `rg exited with status ${run.exitCode}: ${run.stderr.trim().slice(0, 2000)}`;
}

/**
 * A pre-filter on file names through a ripgrep file type: unlike `--glob`, a type never lets a
 * file through ignore files. The caller still filters with its own matcher.
 */
function typeFlags(nameGlobs: readonly string[] | undefined): string[] {
  if (!nameGlobs) return [];
  const flags: string[] = [];
  for (const glob of nameGlobs) flags.push('--type-add', `toolgateinclude:${glob}`);
  flags.push('--type', 'toolgateinclude');
  return flags;
}

/** Lists files as `rg --files` does, relative to `settings.base`. */
export async function listFilesWithRipgrep(
  ripgrepPath: string,
  settings: WalkSettings,
  nameGlobs?: readonly string[],
): Promise<ListOutcome> {
  const files: string[] = [];
  const prefix = directoryPrefix(settings.base);
  const isSecret = secretPathFilter(settings.secrets);
  const run = await runRipgrep({
    ripgrepPath,
    args: [
      ...walkFlags(settings),
      ...typeFlags(nameGlobs),
      '--files',
      '--null',
      '--no-messages',
      '--',
      SEARCHED,
    ],
    cwd: settings.base,
    signal: settings.signal,
    recordEnd: 0,
    read: nulRecords((path) => {
      if (path === '') return undefined;
      const relativePath = relativeToBase(path);
      if (!isSecret(relativePath) && settings.readable(prefix + relativePath, false))
        files.push(relativePath);
      return undefined;
    }),
  });
  if (settings.signal.aborted) return { type: 'aborted' };
  if (run.pathChanged) return { type: 'path-changed' };
  if (run.spawnError || (run.exitCode !== 0 && run.exitCode !== 1)) {
    return { type: 'error', message: failureOf(run) };
  }
  return { type: 'done', files };
}

function grepFlags(request: GrepRequest): { args: string[]; cwd: string } {
  const args = [...walkFlags(request), '--max-filesize', String(request.maxFileSizeBytes)];
  args.push(...typeFlags(request.includeNameGlobs));
  if (request.singleFile !== undefined) {
    // Found by walking its directory, so the binary and size rules are those of any walked file;
    // a whitelist glob also lets it past ignore files, as naming a file to rg does.
    args.push('--max-depth', '1', '--glob', `/${escapeGlob(request.singleFile)}`);
  }
  return { args, cwd: request.base };
}

const FILES_SEARCHED = /^(\d+) files? searched$/;
/** PCRE2 gave up on a line (`match limit exceeded`, `JIT stack limit`…): rg reports it per file. */
const PCRE2_MATCH_ERROR = /^.*PCRE2: error matching: .*$/m;
const BINARY_WARNING =
  /^: WARNING: stopped searching binary file after match \(found "\\0" byte around offset \d+\)$/;
const NUL = 0;
const NEWLINE = 10;

/** What {@link standardOutputReader} reports, record by record. */
interface StandardOutputHandlers {
  /** A matching line of the file at `path` (`content` as a match carries it: no terminator, clipped). */
  onMatch(path: string, line: number, content: string): 'stop' | undefined;
  /** rg stopped searching the file whose matches came last: it turned out binary. */
  onBinaryWarning(): void;
  /** Any other line (the `--stats` block and the blank line before it). */
  onOtherLine(line: string): 'stop' | undefined;
}

/**
 * Parses rg's standard printer with `--null`: a match is `path NUL line ':' content '\n'`, where the
 * path (it starts with `prefix`, the searched directory) may contain newlines and colons, and the
 * content cannot contain a newline. A binary file's warning is `path ': WARNING: …' '\n'` for the
 * file whose matches came just before (no NUL: told apart by its exact text). Every other line
 * (the stats) does not start with `prefix`.
 */
function standardOutputReader(prefix: string, handlers: StandardOutputHandlers): RecordReader {
  const prefixBytes = Buffer.from(prefix, 'utf8');
  let lastPath: Buffer | undefined;
  let lastPathText = '';
  return (data, ended) => {
    let start = 0;
    while (start < data.length) {
      if (data.length - start < prefixBytes.length && !ended) return start;
      if (!startsWith(data, start, prefixBytes)) {
        const newline = data.indexOf(NEWLINE, start);
        const end = newline < 0 ? (ended ? data.length : -1) : newline;
        if (end < 0) return start;
        const verdict = handlers.onOtherLine(data.toString('utf8', start, end));
        start = end + 1;
        if (verdict === 'stop') return 'stop';
        continue;
      }
      if (lastPath !== undefined && startsWith(data, start, lastPath)) {
        const warningEnd = data.indexOf(NEWLINE, start + lastPath.length);
        if (warningEnd < 0 && !ended) return start;
        if (
          isBinaryWarning(data.subarray(start + lastPath.length, warningEnd < 0 ? data.length : warningEnd))
        ) {
          handlers.onBinaryWarning();
          lastPath = undefined;
          start = warningEnd < 0 ? data.length : warningEnd + 1;
          continue;
        }
      }
      const nul = data.indexOf(NUL, start);
      if (nul < 0) return ended ? data.length : start;
      const lineEnd = data.indexOf(NEWLINE, nul + 1);
      if (lineEnd < 0 && !ended) return start;
      const recordEnd = lineEnd < 0 ? data.length : lineEnd;
      const colon = data.indexOf(':', nul + 1);
      if (colon < 0 || colon > recordEnd) {
        start = recordEnd + 1;
        continue;
      }
      // A file's matches come one after another: its path is copied and decoded once.
      if (
        lastPath === undefined ||
        lastPath.length !== nul - start ||
        data.compare(lastPath, 0, lastPath.length, start, nul) !== 0
      ) {
        lastPath = Buffer.from(data.subarray(start, nul));
        lastPathText = data.toString('utf8', start, nul);
      }
      const verdict = handlers.onMatch(
        lastPathText,
        Number(data.toString('latin1', nul + 1, colon)),
        contentOfBytes(data, colon + 1, recordEnd),
      );
      start = recordEnd + 1;
      if (verdict === 'stop') return 'stop';
    }
    return Math.min(start, data.length);
  };
}

function startsWith(data: Buffer, start: number, bytes: Buffer): boolean {
  return (
    data.length - start >= bytes.length &&
    data.compare(bytes, 0, bytes.length, start, start + bytes.length) === 0
  );
}

/** rg's message after a file's path when the file turned out binary after a match. */
function isBinaryWarning(rest: Buffer): boolean {
  return !rest.includes(NUL) && BINARY_WARNING.test(rest.toString('latin1'));
}

/**
 * Greps with rg's standard printer (`--null --line-number --stats`), one process: each match line
 * is `path\0line:content`; a file's matches count once the next file starts or the output ends,
 * unless rg warns that the file turned out binary (then they are dropped, as rg 13's JSON `end`
 * message would say). The `--stats` block gives the number of files searched. `rg` is killed as
 * soon as more than `maxResults` matching lines are confirmed. With a path `include` (applied in
 * Node after rg), a concurrent `rg --files` with the same filters counts the files searched instead.
 */
export async function grepWithRipgrep(ripgrepPath: string, request: GrepRequest): Promise<GrepOutcome> {
  const { args, cwd } = grepFlags(request);
  const searchArgs = [
    ...args,
    '--null',
    '--with-filename',
    '--line-number',
    '--no-heading',
    '--color',
    'never',
    '--stats',
    // With PCRE2, stderr is read for its match-limit errors (other messages are ignored there).
    ...(request.pcre2 ? ['--pcre2'] : ['--no-messages']),
    request.caseInsensitive ? '--ignore-case' : '--case-sensitive',
    ...(request.deterministic ? ['--sort', 'path'] : []),
    `--regexp=${request.pattern}`,
    '--',
    SEARCHED,
  ];
  const prefix = directoryPrefix(request.base);
  const counter = new AbortController();
  const abortCounter = (): void => counter.abort();
  let filesListed = 0;
  let counting: Promise<{ stopped: boolean; exitCode: number | null }> | undefined;
  let timer: NodeJS.Timeout | undefined;
  // A simple name include is rg's own type filter, so --stats already counts only those files;
  // not for one named file, whose whitelist glob lets it past the type filter.
  if (request.include && (!request.includeNameGlobs || request.singleFile !== undefined)) {
    request.signal.addEventListener('abort', abortCounter, { once: true });
    const isSecret = secretPathFilter(request.secrets);
    const startCounting = () =>
      runRipgrep({
        ripgrepPath,
        args: [...args, '--files', '--null', '--no-messages', '--', SEARCHED],
        cwd,
        signal: counter.signal,
        recordEnd: 0,
        read: nulRecords((path) => {
          if (path === '') return undefined;
          const relativePath = relativeToBase(path);
          if (
            request.include?.(relativePath) &&
            !isSecret(relativePath) &&
            request.readable(prefix + relativePath, false)
          )
            filesListed++;
          return undefined;
        }),
      });
    // Started a moment later, so a search that is truncated at once never pays for the second walk.
    timer = setTimeout(() => {
      counting = startCounting();
    }, COUNT_DELAY_MS);
    const search = await searchWithStandardPrinter(ripgrepPath, request, searchArgs, cwd, prefix);
    clearTimeout(timer);
    if (search.truncated || request.signal.aborted || search.run.spawnError || search.run.pathChanged)
      counter.abort();
    const count = await (counting ??
      (search.truncated || request.signal.aborted ? undefined : startCounting()));
    request.signal.removeEventListener('abort', abortCounter);
    const counted =
      count && !count.stopped && (count.exitCode === 0 || count.exitCode === 1) ? filesListed : undefined;
    return toOutcome(request, search, counted);
  }
  const search = await searchWithStandardPrinter(ripgrepPath, request, searchArgs, cwd, prefix);
  return toOutcome(request, search, search.filesSearched);
}

interface StandardSearch {
  readonly run: RipgrepRun;
  readonly matches: FoundMatch[];
  readonly filesWithMatches: number;
  readonly filesSearched: number | undefined;
  readonly truncated: boolean;
}

async function searchWithStandardPrinter(
  ripgrepPath: string,
  request: GrepRequest,
  searchArgs: readonly string[],
  cwd: string,
  prefix: string,
): Promise<StandardSearch> {
  const confirmed: FoundMatch[] = [];
  const isSecret = secretPathFilter(request.secrets);
  let pending: FoundMatch[] = [];
  let pendingPath: string | undefined;
  let filesWithMatches = 0;
  let filesSearched: number | undefined;
  let truncated = false;
  let askedPath: string | undefined;
  let absolutePath = '';
  let admitted = false;
  const confirm = (): 'stop' | undefined => {
    if (pending.length > 0) {
      confirmed.push(...pending);
      filesWithMatches++;
    }
    pending = [];
    pendingPath = undefined;
    if (confirmed.length > request.maxResults) {
      truncated = true;
      return 'stop';
    }
    return undefined;
  };
  const run = await runRipgrep({
    ripgrepPath,
    args: searchArgs,
    cwd,
    signal: request.signal,
    recordEnd: NEWLINE,
    read: standardOutputReader(SEARCHED, {
      onMatch: (printedPath, line, content) => {
        if (printedPath !== pendingPath && confirm() === 'stop') return 'stop';
        pendingPath = printedPath;
        // Secret names and the read predicate, before any line of the file is kept (rg read it; no
        // line leaves), asked once per file: its lines come one after another.
        if (printedPath !== askedPath) {
          askedPath = printedPath;
          const relativePath = relativeToBase(printedPath);
          absolutePath = prefix + relativePath;
          admitted =
            (!request.include || request.include(relativePath)) &&
            !isSecret(relativePath) &&
            request.readable(absolutePath, false);
        }
        if (!admitted) return undefined;
        pending.push({ absolutePath, line, content });
        return undefined;
      },
      onBinaryWarning: () => {
        pending = [];
        pendingPath = undefined;
      },
      onOtherLine: (line) => {
        const searched = FILES_SEARCHED.exec(line);
        if (searched) filesSearched = Number(searched[1]);
        return confirm();
      },
    }),
  });
  if (!truncated && !run.stopped) confirm();
  return { run, matches: confirmed, filesWithMatches, filesSearched, truncated };
}

function toOutcome(
  request: GrepRequest,
  search: StandardSearch,
  filesSearched: number | undefined,
): GrepOutcome {
  const { run, truncated } = search;
  if (request.signal.aborted) return { type: 'aborted' };
  if (run.pathChanged) return { type: 'path-changed' };
  if (run.spawnError) return { type: 'error', message: failureOf(run) };
  const limit = request.pcre2 ? PCRE2_MATCH_ERROR.exec(run.stderr) : null;
  if (limit) return { type: 'too-complex', message: limit[0] };
  if (!truncated && run.exitCode === 2 && search.matches.length === 0) {
    const message = run.stderr.trim();
    if (
      /regex parse error|error parsing regex|not allowed in a regex|regex: |PCRE2: error compiling/i.test(
        message,
      )
    )
      return { type: 'pattern-error', message };
    if (message !== '' && !request.pcre2) return { type: 'error', message: failureOf(run) };
  }
  if (!truncated && run.exitCode !== 0 && run.exitCode !== 1 && run.exitCode !== 2) {
    return { type: 'error', message: failureOf(run) };
  }
  if (!truncated && filesSearched !== undefined) {
    return { type: 'done', matches: search.matches, filesSearched, truncated };
  }
  // Stopped early: only the files known to have been searched (those with matches) are counted.
  return { type: 'done', matches: search.matches, filesSearched: search.filesWithMatches, truncated };
}
