import { runRipgrep } from './run-ripgrep.js';
import type { FoundMatch, GrepOutcome, GrepRequest, ListOutcome, WalkSettings } from './search-request.js';
import { toContent } from './search-text.js';

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
  return flags;
}

type RgText = { text?: string; bytes?: string } | undefined;

function decode(value: RgText): string {
  if (value?.text !== undefined) return value.text;
  return value?.bytes === undefined ? '' : Buffer.from(value.bytes, 'base64').toString('utf8');
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
  const prefix = settings.base.endsWith('/') ? settings.base : `${settings.base}/`;
  const run = await runRipgrep({
    ripgrepPath,
    args: [...walkFlags(settings), ...typeFlags(nameGlobs), '--files', '--no-messages', '--', settings.base],
    cwd: settings.base,
    signal: settings.signal,
    onLine: (line) => {
      if (line !== '') files.push(line.startsWith(prefix) ? line.slice(prefix.length) : line);
      return undefined;
    },
  });
  if (settings.signal.aborted) return { type: 'aborted' };
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

/**
 * Greps with `rg --json`: matches of a file count once its `end` message shows it was not binary;
 * `rg` is killed as soon as more than `maxResults` matching lines are known. A concurrent
 * `rg --files` with the same filters counts the files searched.
 */
export async function grepWithRipgrep(ripgrepPath: string, request: GrepRequest): Promise<GrepOutcome> {
  const { args, cwd } = grepFlags(request);
  const searchArgs = [
    ...args,
    '--json',
    '--no-messages',
    request.caseInsensitive ? '--ignore-case' : '--case-sensitive',
    ...(request.deterministic ? ['--sort', 'path'] : []),
    `--regexp=${request.pattern}`,
    '--',
    request.base,
  ];
  const counter = new AbortController();
  const abortCounter = (): void => counter.abort();
  request.signal.addEventListener('abort', abortCounter, { once: true });
  const prefix = request.base.endsWith('/') ? request.base : `${request.base}/`;
  let filesListed = 0;
  const startCounting = () =>
    runRipgrep({
      ripgrepPath,
      args: [...args, '--files', '--no-messages', '--', request.base],
      cwd,
      signal: counter.signal,
      onLine: (line) => {
        if (line === '') return undefined;
        if (request.include && !request.include(line.startsWith(prefix) ? line.slice(prefix.length) : line)) {
          return undefined;
        }
        filesListed++;
        return undefined;
      },
    });
  // Started a moment later, so a search that is truncated at once never pays for the second walk.
  let counting: ReturnType<typeof startCounting> | undefined;
  const timer = setTimeout(() => {
    counting = startCounting();
  }, COUNT_DELAY_MS);
  const confirmed: FoundMatch[] = [];
  let pending: FoundMatch[] = [];
  let filesWithMatches = 0;
  let truncated = false;
  const run = await runRipgrep({
    ripgrepPath,
    args: searchArgs,
    cwd,
    signal: request.signal,
    // `{"type":"match"` or `{"type":"end"`: byte 9 is `m` or `e` (begin and summary lines are skipped).
    wantLine: (data, start) => data[start + 9] === 0x6d || data[start + 9] === 0x65,
    onLine: (line) => {
      if (line.startsWith('{"type":"match"')) {
        const data = JSON.parse(line).data as { path: RgText; lines: RgText; line_number: number };
        const absolutePath = decode(data.path);
        if (request.include && !request.include(absolutePath.slice(prefix.length))) return undefined;
        pending.push({ absolutePath, line: data.line_number, content: toContent(decode(data.lines)) });
      } else if (line.startsWith('{"type":"end"')) {
        const data = JSON.parse(line).data as { binary_offset: number | null };
        if (data.binary_offset === null && pending.length > 0) {
          confirmed.push(...pending);
          filesWithMatches++;
        }
        pending = [];
        if (confirmed.length > request.maxResults) {
          truncated = true;
          return 'stop';
        }
      }
      return undefined;
    },
  });
  clearTimeout(timer);
  if (truncated || request.signal.aborted || run.spawnError) counter.abort();
  const count = await (counting ?? (truncated || request.signal.aborted ? undefined : startCounting()));
  request.signal.removeEventListener('abort', abortCounter);
  if (request.signal.aborted) return { type: 'aborted' };
  if (run.spawnError) return { type: 'error', message: failureOf(run) };
  if (!truncated && run.exitCode === 2 && confirmed.length === 0) {
    const message = run.stderr.trim();
    if (/regex parse error|error parsing regex|not allowed in a regex|regex: /i.test(message))
      return { type: 'pattern-error', message };
    if (message !== '') return { type: 'error', message: failureOf(run) };
  }
  if (!truncated && run.exitCode !== 0 && run.exitCode !== 1 && run.exitCode !== 2) {
    return { type: 'error', message: failureOf(run) };
  }
  if (!truncated && count && !count.stopped && (count.exitCode === 0 || count.exitCode === 1)) {
    return { type: 'done', matches: confirmed, filesSearched: filesListed, truncated };
  }
  // Stopped early: only the files known to have been searched (those with matches) are counted.
  return { type: 'done', matches: confirmed, filesSearched: filesWithMatches, truncated };
}
