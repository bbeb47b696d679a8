import type { Colors } from './colors.js';

/** The rendering of one successful output: what goes to stdout, and notes for stderr. */
export interface RenderedOutput {
  readonly stdout: string;
  readonly stderr?: string;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The generic rendering: text as it is, anything else as indented JSON. */
export function renderGenericOutput(output: unknown): RenderedOutput {
  if (typeof output === 'string') return { stdout: output };
  return { stdout: JSON.stringify(output, null, 2) ?? 'null' };
}

/** Renders one tool's successful output for a person. */
export function renderToolOutput(toolName: string, output: unknown, _colors: Colors): RenderedOutput {
  const record = asRecord(output);
  if (!record) return renderGenericOutput(output);
  switch (toolName) {
    default:
      return renderGenericOutput(output);
  }
}
