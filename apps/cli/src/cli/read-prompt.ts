import type { CliInput } from './cli-io.js';
import { UsageError } from './usage-error.js';
import { wholeInput } from './whole-input.js';

/**
 * The prompt of `toolgate run`: the argument, or all of stdin for `-` (asked for only then). Blank
 * is a usage error.
 */
export async function readPrompt(given: string, stdin: () => CliInput, stdinFd?: number): Promise<string> {
  // Decoded as Node's text() decodes a stream: UTF-8, a byte order mark dropped.
  const prompt = given === '-' ? new TextDecoder().decode(await wholeInput(stdin, stdinFd).read()) : given;
  if (prompt.trim() === '')
    throw new UsageError(
      given === '-' ? 'The prompt read from stdin is empty.' : 'Missing prompt: toolgate run "<prompt>".',
    );
  return prompt;
}
