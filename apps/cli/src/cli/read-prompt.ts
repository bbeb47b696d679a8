import { text } from 'node:stream/consumers';
import type { CliInput } from './cli-io.js';
import { UsageError } from './usage-error.js';

/**
 * The prompt of `toolgate run`: the argument, or all of stdin for `-` (asked for only then). Blank
 * is a usage error.
 */
export async function readPrompt(given: string, stdin: () => CliInput): Promise<string> {
  const prompt = given === '-' ? await text(stdin()) : given;
  if (prompt.trim() === '')
    throw new UsageError(
      given === '-' ? 'The prompt read from stdin is empty.' : 'Missing prompt: toolgate run "<prompt>".',
    );
  return prompt;
}
