import type { ToolResult } from '@toolgate/core';
import type { Colors } from './colors.js';
import { renderToolOutput } from './render-tool-output.js';
import { shownText } from './shown-text.js';

/** What a human sees of one call: output on stdout, problems on stderr. */
export interface RenderedResult {
  readonly stdout: string;
  readonly stderr: string;
}

function withNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

/** A readable rendering of a call's result; a success by the tool's own display (see {@link renderToolOutput}). */
export function renderToolResult(
  toolName: string,
  result: ToolResult,
  colors: { readonly stdout: Colors; readonly stderr: Colors },
): RenderedResult {
  switch (result.status) {
    case 'success': {
      const rendered = renderToolOutput(result, colors.stderr);
      return { stdout: withNewline(rendered.stdout), stderr: withNewline(rendered.stderr ?? '') };
    }
    case 'failure':
      return {
        stdout: '',
        stderr: `${colors.stderr.red(`✗ ${toolName} failed (${result.error.code})`)}: ${withNewline(shownText(result.error.message))}`,
      };
    case 'rejected':
      return {
        stdout: '',
        stderr: `${colors.stderr.yellow(`• Rejected by ${result.by}`)}: ${withNewline(shownText(result.reason))}`,
      };
  }
}
