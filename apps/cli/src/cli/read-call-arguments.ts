import type { CliInput } from './cli-io.js';
import { UsageError } from './usage-error.js';
import { wholeInput } from './whole-input.js';

/** The most ARGS read from stdin: well past any patch a tool takes, and within one JS string. */
const MAX_STDIN_ARGS_BYTES = 256 * 1024 * 1024;

/** The call's ARGS as read, and how large their text was (its length in UTF-16 units). */
export interface CallArguments {
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly length: number;
}

/**
 * The call's ARGS: one JSON object, given on the command line or (for `-` or no argument) read from
 * stdin. Blank input means `{}`; with no argument and stdin a terminal there is nothing to read, so
 * also `{}`. Anything that is not a JSON object is a usage error. `stdin` is asked for only then,
 * and `stdinFd` (its descriptor) is read directly when it can be (`wholeInput`): Node builds the
 * stdin stream on first access, which a call with its ARGS given does not need. A `signal` that
 * aborts while stdin is still open stops the read (`InterruptedRead`): part of the ARGS is not them.
 */
export async function readCallArguments(
  given: string | undefined,
  stdin: () => CliInput,
  stdinFd?: number,
  signal?: AbortSignal,
): Promise<CallArguments> {
  let text: string;
  let source: string;
  if (given === undefined || given === '-') {
    const input = wholeInput(stdin, stdinFd);
    if (given === undefined && input.isTTY) return { arguments: {}, length: 0 };
    const bytes = await input.read(MAX_STDIN_ARGS_BYTES, signal);
    if (bytes === undefined)
      throw new UsageError(
        `ARGS from stdin are over ${MAX_STDIN_ARGS_BYTES / (1024 * 1024)} MiB; give a tool smaller arguments (a patch in several calls).`,
      );
    text = bytes.toString('utf8');
    source = 'ARGS from stdin';
  } else {
    text = given;
    source = 'ARGS';
  }
  if (text.trim() === '') return { arguments: {}, length: text.length };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${source} is not valid JSON (${(error as Error).message}); expected one JSON object such as '{"path":"README.md"}'.`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'an array'
          : `${typeof value} ${JSON.stringify(value)}`;
    throw new UsageError(`${source} must be one JSON object; got ${got}.`);
  }
  return { arguments: value as Record<string, unknown>, length: text.length };
}
