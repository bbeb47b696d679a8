import type { CliInput } from './cli-io.js';
import { UsageError } from './usage-error.js';
import { wholeInput } from './whole-input.js';

/** The longest prompt read from stdin: far past any model's context, and within one JS string. */
const MAX_STDIN_PROMPT_BYTES = 64 * 1024 * 1024;

async function promptFromStdin(
  stdin: () => CliInput,
  stdinFd: number | undefined,
  signal: AbortSignal | undefined,
): Promise<string> {
  const bytes = await wholeInput(stdin, stdinFd).read(MAX_STDIN_PROMPT_BYTES, signal);
  if (bytes === undefined)
    throw new UsageError(`The prompt read from stdin is over ${MAX_STDIN_PROMPT_BYTES / (1024 * 1024)} MiB.`);
  // Decoded as Node's text() decodes a stream: UTF-8, a byte order mark dropped.
  return new TextDecoder().decode(bytes);
}

/**
 * The prompt of `toolgate run`: the argument, or all of stdin for `-` (asked for only then). Blank
 * is a usage error; a `signal` aborting while stdin is still open stops the read (`InterruptedRead`).
 */
export async function readPrompt(
  given: string,
  stdin: () => CliInput,
  stdinFd?: number,
  signal?: AbortSignal,
): Promise<string> {
  const prompt = given === '-' ? await promptFromStdin(stdin, stdinFd, signal) : given;
  if (prompt.trim() === '')
    throw new UsageError(
      given === '-' ? 'The prompt read from stdin is empty.' : 'Missing prompt: toolgate run "<prompt>".',
    );
  return prompt;
}
