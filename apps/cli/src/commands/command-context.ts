import type { CliIo } from '../cli/cli-io.js';
import { type Colors, createColors, shouldUseColor } from '../render/colors.js';

/** Colours for stdout and stderr, each on only when that stream is a terminal. */
export function streamColors(io: CliIo): { readonly stdout: Colors; readonly stderr: Colors } {
  return {
    stdout: createColors(shouldUseColor(io.stdout.isTTY === true, io.env)),
    stderr: createColors(shouldUseColor(io.stderr.isTTY === true, io.env)),
  };
}
