import type { ToolSuccess } from '@toolgate/core';
import type { Colors } from './colors.js';
import { shownText } from './shown-text.js';

/** The rendering of one successful output: what goes to stdout, and notes for stderr. */
export interface RenderedOutput {
  readonly stdout: string;
  readonly stderr?: string;
}

const withNewline = (value: string): string => (value === '' || value.endsWith('\n') ? value : `${value}\n`);

/** The generic rendering: text as it is, anything else as indented JSON. */
export function renderGenericOutput(output: unknown): RenderedOutput {
  if (typeof output === 'string') return { stdout: shownText(output) };
  return { stdout: shownText(JSON.stringify(output, null, 2) ?? 'null') };
}

/**
 * Renders one successful call for a person by the tool's own display (`result.display`): its text
 * on stdout with its notes and summary on stderr, or, with no text, the summary on stdout. A tool that
 * declares no display is shown by its output (text as it is, anything else as JSON). Everything
 * is escaped for the terminal.
 */
export function renderToolOutput(result: ToolSuccess, colors: Colors): RenderedOutput {
  const { display } = result;
  if (!display) return renderGenericOutput(result.output);
  const summary = shownText(display.summary);
  const notes = display.notes === undefined ? '' : withNewline(shownText(display.notes));
  if (display.text === undefined)
    return { stdout: withNewline(summary), ...(notes ? { stderr: notes } : {}) };
  return { stdout: withNewline(shownText(display.text)), stderr: `${notes}${colors.dim(`• ${summary}`)}` };
}
