import type { ToolFailure } from '@toolgate/core';
import { shellFailure } from '../internal/shell-failure.js';
import type { BashInput } from './bash-schema.js';

/** Linux refuses a single argument longer than this (MAX_ARG_STRLEN). */
const MAX_COMMAND_BYTES = 131_071;

/** The fields each action needs, with AI4J's messages, as `invalid_arguments`. */
export function checkBashArguments(input: BashInput): ToolFailure | undefined {
  const { action } = input;
  if (action === 'exec' || action === 'start') {
    const command = input.command ?? '';
    if (command.trim() === '')
      return shellFailure('invalid_arguments', `bash ${action} requires a non-empty command`);
    const bytes = Buffer.byteLength(command, 'utf8');
    if (bytes > MAX_COMMAND_BYTES) {
      return shellFailure(
        'invalid_arguments',
        `bash ${action}: the command is ${bytes} bytes; a shell argument is limited to ${MAX_COMMAND_BYTES} bytes. Write the script to a file with write_file and run that file.`,
      );
    }
    return undefined;
  }
  if (action === 'list') return undefined;
  if ((input.processId ?? '').trim() === '') {
    return shellFailure('invalid_arguments', `bash ${action} requires a processId`);
  }
  return undefined;
}
