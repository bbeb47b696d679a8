import type { AgentEvent, TurnResult } from '@toolgate/agent';
import type { CliOutput } from '../cli/cli-io.js';
import type { Colors } from './colors.js';
import {
  formatToolCallLine,
  formatToolResultLine,
  type ToolResultDetail,
} from './format-agent-tool-lines.js';
import { shownText } from './shown-text.js';

/** Where a turn is shown to a person: the answer on `stdout`, tool lines and notes on `stderr`. */
export interface TurnView {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  readonly colors: { readonly stdout: Colors; readonly stderr: Colors };
  /** The workspace root: the files a call changed are shown relative to it. @default the current directory */
  readonly root?: string;
  /** `--verbose`: each changed file's diff under its line. @default counts only */
  readonly verbose?: boolean;
}

/** Shows a turn's events as they come; `finish` ends the answer's line and notes a stop that was not `completed`. */
export function createTurnRenderer(view: TurnView): {
  render(event: AgentEvent): void;
  finish(result: TurnResult): void;
} {
  let endsWithNewline = true;
  const root = view.root ?? process.cwd();
  const detail = { diffs: view.verbose ?? false };
  const breakLine = () => {
    if (!endsWithNewline) view.stdout.write('\n');
    endsWithNewline = true;
  };
  return {
    render(event) {
      switch (event.type) {
        case 'text-delta':
          if (event.text === '') return;
          // The model's text is as untrusted as a tool's output: no escape sequence reaches the terminal.
          view.stdout.write(shownText(event.text));
          endsWithNewline = event.text.endsWith('\n');
          return;
        case 'tool-call':
          breakLine();
          view.stderr.write(formatToolCallLine(event.presentation, view.colors.stderr));
          return;
        case 'tool-result':
          view.stderr.write(formatToolResultLine(event.call, event.result, view.colors.stderr, root, detail));
          return;
        case 'delegate-event': {
          const lines = childToolLines(event, view.colors.stderr, root, detail);
          if (lines) view.stderr.write(lines);
          return;
        }
        case 'compaction':
          breakLine();
          view.stderr.write(view.colors.stderr.dim(compactionLine(event.replaced)));
          return;
        default:
          return;
      }
    },
    finish(result) {
      breakLine();
      view.stderr.write(stopNote(result, view.colors.stderr));
    },
  };
}

/**
 * A delegate's child tool calls and results, indented under the delegate's line by how deep the
 * child is; the child's text is its answer, shown by the delegate's result instead.
 */
function childToolLines(
  event: Extract<AgentEvent, { type: 'delegate-event' }>,
  colors: Colors,
  root: string,
  detail: ToolResultDetail,
  depth = 1,
): string {
  const inner = event.event;
  const indent = (text: string) => text.replace(/^(?=.)/gm, '  '.repeat(depth));
  switch (inner.type) {
    case 'delegate-event':
      return childToolLines(inner, colors, root, detail, depth + 1);
    case 'tool-call':
      return indent(formatToolCallLine(inner.presentation, colors));
    case 'tool-result':
      return indent(formatToolResultLine(inner.call, inner.result, colors, root, detail));
    default:
      return '';
  }
}

/** The line that says older turns became a summary. */
export function compactionLine(replaced: number): string {
  return `• Compacted ${replaced} earlier turn${replaced === 1 ? '' : 's'} into a summary (the store keeps them).\n`;
}

function stopNote(result: TurnResult, colors: Colors): string {
  switch (result.stopReason) {
    case 'completed':
      return '';
    case 'model_error':
      return `toolgate: model error: ${result.error ?? 'unknown'}\n`;
    case 'context_exceeded':
      return `toolgate: context exceeded: ${result.error ?? 'the conversation does not fit the model'}\n`;
    case 'blocked_by_approval':
      return colors.yellow('• Stopped: a call was rejected; nothing more ran.\n');
    case 'budget_exhausted':
      return colors.yellow(`• Stopped: a budget ran out: ${result.budget ?? 'unknown'}.\n`);
    default:
      return colors.yellow(`• Stopped: ${result.stopReason}.\n`);
  }
}
