import type { Colors } from './colors.js';
import { shownText } from './shown-text.js';

/** The rendering of one successful output: what goes to stdout, and notes for stderr. */
export interface RenderedOutput {
  readonly stdout: string;
  readonly stderr?: string;
}

type Fields = Readonly<Record<string, unknown>>;

function asFields(value: unknown): Fields | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : undefined;
}

/** A string field, escaped for the terminal ({@link shownText}); anything else is empty. */
const text = (value: unknown): string => (typeof value === 'string' ? shownText(value) : '');
const lines = (items: readonly string[]): string => (items.length === 0 ? '' : `${items.join('\n')}\n`);
const withNewline = (value: string): string => (value === '' || value.endsWith('\n') ? value : `${value}\n`);

/** The generic rendering: text as it is, anything else as indented JSON. */
export function renderGenericOutput(output: unknown): RenderedOutput {
  if (typeof output === 'string') return { stdout: shownText(output) };
  return { stdout: shownText(JSON.stringify(output, null, 2) ?? 'null') };
}

function renderProcess(info: Fields): string {
  const pid = typeof info.pid === 'number' ? ` pid ${info.pid}` : '';
  const exit =
    typeof info.exitCode === 'number' ? ` exit ${info.exitCode}` : info.signal ? ` ${text(info.signal)}` : '';
  return `${text(info.processId)}  ${text(info.status)}${pid}${exit}  ${text(info.command)}`;
}

function renderBash(output: unknown, colors: Colors): RenderedOutput | undefined {
  if (Array.isArray(output)) {
    return {
      stdout: output.length === 0 ? '' : lines(output.map((item) => renderProcess(asFields(item) ?? {}))),
      stderr: output.length === 0 ? 'No processes.' : '',
    };
  }
  const fields = asFields(output);
  if (!fields) return undefined;
  if ('stdout' in fields && 'stderr' in fields && 'command' in fields) {
    const duration = typeof fields.durationMs === 'number' ? ` · ${Math.round(fields.durationMs)}ms` : '';
    const status = fields.timedOut
      ? colors.yellow(`timed out${fields.signal ? ` (${text(fields.signal)})` : ''}`)
      : fields.exitCode === null
        ? colors.yellow(`killed by ${text(fields.signal) || 'a signal'}`)
        : fields.exitCode === 0
          ? colors.green('exit 0')
          : colors.red(`exit ${String(fields.exitCode)}`);
    const truncated = fields.truncated ? ' · output truncated' : '';
    const where = fields.executionEnvironment === 'sandbox' ? ' (sandboxed)' : '';
    return {
      stdout: text(fields.stdout),
      stderr: `${withNewline(text(fields.stderr))}${colors.dim('•')} ${status}${colors.dim(`${where}${duration}${truncated}`)}`,
    };
  }
  if ('content' in fields && 'nextOffset' in fields) {
    return {
      stdout: text(fields.content),
      stderr: colors.dim(
        `• ${text(fields.processId)} ${text(fields.status)} · next offset ${String(fields.nextOffset)}`,
      ),
    };
  }
  if ('bytesWritten' in fields && asFields(fields.process)) {
    const process = asFields(fields.process)!;
    return { stdout: `Wrote ${String(fields.bytesWritten)} bytes to ${text(process.processId)}\n` };
  }
  if ('processId' in fields && 'status' in fields) return { stdout: `${renderProcess(fields)}\n` };
  return undefined;
}

function renderReadFile(fields: Fields, colors: Colors): RenderedOutput {
  const notes: string[] = [];
  if (fields.truncated) notes.push(`cut at maxChars`);
  if (fields.hasMore) notes.push(`more lines after line ${String(fields.endLine)} (use startLine)`);
  return {
    stdout: withNewline(text(fields.content)),
    stderr: notes.length > 0 ? colors.dim(`• ${text(fields.path)}: ${notes.join('; ')}`) : '',
  };
}

function renderWriteFile(fields: Fields): RenderedOutput {
  const verb = fields.appended ? 'Appended to' : fields.created ? 'Created' : 'Overwrote';
  return { stdout: `${verb} ${text(fields.path)} (${String(fields.bytesWritten)} bytes)\n` };
}

const PATCH_LETTERS: Readonly<Record<string, string>> = { add: 'A', update: 'M', delete: 'D' };

function renderApplyPatch(fields: Fields, colors: Colors): RenderedOutput {
  const changes = Array.isArray(fields.fileChanges)
    ? fields.fileChanges.map((change) => asFields(change) ?? {})
    : [];
  const out = changes.map((change) => {
    const letter = PATCH_LETTERS[text(change.operation)] ?? '?';
    const paint = letter === 'A' ? colors.green : letter === 'D' ? colors.red : colors.yellow;
    const moved = change.movedTo ? ` -> ${text(change.movedTo)}` : '';
    return `${paint(letter)} ${text(change.path)}${moved}`;
  });
  return { stdout: lines(out) };
}

function renderEdit(fields: Fields): RenderedOutput {
  const count = typeof fields.replacements === 'number' ? fields.replacements : 1;
  return { stdout: `M ${text(fields.path)} (${count} replacement${count === 1 ? '' : 's'})\n` };
}

/** A search's matches, one a line, with a note on stderr when it was cut short or found nothing. */
function renderMatches(matches: readonly string[], truncated: boolean, colors: Colors): RenderedOutput {
  return {
    stdout: lines(matches),
    stderr: truncated
      ? colors.dim('• more matches not shown (raise maxResults)')
      : matches.length === 0
        ? colors.dim('• no matches')
        : '',
  };
}

function renderGlob(fields: Fields, colors: Colors): RenderedOutput | undefined {
  if (!Array.isArray(fields.matches)) return undefined;
  const paths = fields.matches.map((match) =>
    typeof match === 'string' ? shownText(match) : text(asFields(match)?.path),
  );
  return renderMatches(paths, fields.truncated === true, colors);
}

function renderGrep(fields: Fields, colors: Colors): RenderedOutput | undefined {
  if (!Array.isArray(fields.matches)) return undefined;
  const out = fields.matches.map((entry) => {
    const match = asFields(entry) ?? {};
    // rg's `path:line:content`, so the output reads and pipes like rg's.
    return `${colors.cyan(text(match.file))}:${colors.green(String(match.line ?? ''))}:${text(match.content)}`;
  });
  return renderMatches(out, fields.truncated === true, colors);
}

function renderAgentsMd(fields: Fields, colors: Colors): RenderedOutput | undefined {
  if (fields.action === 'read' && fields.exists === false) {
    return {
      stdout: '',
      stderr: colors.dim(
        `• There is no ${text(fields.path) || 'AGENTS.md'} yet (action write or append creates it).`,
      ),
    };
  }
  if (fields.action === 'read') return { stdout: withNewline(text(fields.content)) };
  if (typeof fields.action === 'string' && typeof fields.path === 'string') {
    const verb = fields.action === 'append' ? 'Appended to' : 'Wrote';
    return { stdout: `${verb} ${text(fields.path)}\n` };
  }
  return undefined;
}

function renderMcp(output: unknown): RenderedOutput | undefined {
  if (typeof output === 'string') return { stdout: withNewline(output) };
  const fields = asFields(output);
  if (fields && typeof fields.text === 'string' && 'structuredContent' in fields) {
    return {
      stdout: withNewline(shownText(fields.text || JSON.stringify(fields.structuredContent, null, 2))),
    };
  }
  return undefined;
}

/** Renders one tool's successful output for a person; unknown shapes fall back to JSON. */
export function renderToolOutput(toolName: string, output: unknown, colors: Colors): RenderedOutput {
  const fields = asFields(output);
  let rendered: RenderedOutput | undefined;
  if (toolName === 'bash') rendered = renderBash(output, colors);
  else if (toolName.startsWith('mcp__')) rendered = renderMcp(output);
  else if (fields) {
    switch (toolName) {
      case 'read_file':
        rendered = renderReadFile(fields, colors);
        break;
      case 'write_file':
        rendered = renderWriteFile(fields);
        break;
      case 'apply_patch':
        rendered = renderApplyPatch(fields, colors);
        break;
      case 'edit':
        rendered = renderEdit(fields);
        break;
      case 'glob':
        rendered = renderGlob(fields, colors);
        break;
      case 'grep':
        rendered = renderGrep(fields, colors);
        break;
      case 'update_agents_md':
        rendered = renderAgentsMd(fields, colors);
        break;
    }
  }
  return rendered ?? renderGenericOutput(output);
}
