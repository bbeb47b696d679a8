import type { McpElicitationField, McpElicitationValue, McpElicitor } from '@toolgate/mcp';
import type { Colors } from '../render/colors.js';
import { type ControllingTerminal, openControllingTerminal } from '../terminal/controlling-terminal.js';

/** Options for {@link createTerminalElicitor}. */
export interface TerminalElicitorOptions {
  readonly colors: Colors;
  /** Opens the person's terminal; `undefined` when there is none. @default opens `/dev/tty` */
  readonly openTerminal?: () => ControllingTerminal | undefined;
}

/** Tries per field before the form is cancelled: a person who cannot fill a field in ends it. */
const TRIES = 3;

type Parsed =
  | { readonly ok: true; readonly value: McpElicitationValue }
  | { readonly ok: false; readonly why: string };

function parseAnswer(field: McpElicitationField, text: string): Parsed {
  switch (field.type) {
    case 'boolean':
      if (/^(y|yes|true)$/i.test(text)) return { ok: true, value: true };
      if (/^(n|no|false)$/i.test(text)) return { ok: true, value: false };
      return { ok: false, why: 'answer y or n' };
    case 'number':
    case 'integer': {
      const value = Number(text);
      if (text === '' || !Number.isFinite(value) || (field.type === 'integer' && !Number.isInteger(value)))
        return { ok: false, why: `expected ${field.type === 'integer' ? 'a whole number' : 'a number'}` };
      return { ok: true, value };
    }
    case 'choice': {
      const choices = field.choices ?? [];
      const picked = /^\d+$/.test(text)
        ? choices[Number(text) - 1]
        : choices.find((choice) => choice.value === text);
      return picked ? { ok: true, value: picked.value } : { ok: false, why: `pick 1–${choices.length}` };
    }
    case 'choices': {
      const choices = field.choices ?? [];
      const values: string[] = [];
      for (const part of text
        .split(',')
        .map((each) => each.trim())
        .filter((each) => each !== '')) {
        const picked = /^\d+$/.test(part)
          ? choices[Number(part) - 1]
          : choices.find((choice) => choice.value === part);
        if (!picked) return { ok: false, why: `pick numbers 1–${choices.length}, separated by commas` };
        values.push(picked.value);
      }
      return { ok: true, value: values };
    }
    default:
      return { ok: true, value: text };
  }
}

function fieldPrompt(field: McpElicitationField, colors: Colors): string {
  const lines = [`  ${colors.bold(field.title)}${field.required ? '' : colors.dim(' (optional)')}`];
  if (field.description) lines.push(`    ${colors.dim(field.description)}`);
  for (const [index, choice] of (field.choices ?? []).entries())
    lines.push(`    ${index + 1}) ${choice.label}`);
  const shown = field.default === undefined ? '' : colors.dim(` [${JSON.stringify(field.default)}]`);
  return `${lines.join('\n')}\n  ${field.type === 'boolean' ? 'y/n' : '›'}${shown} `;
}

/**
 * A server's `elicitation/create` form, asked on the controlling terminal during the call that
 * caused it: the server's message, then `Fill it in? [y/N/d]` (`d` declines), then each field with
 * its description, choices and default (Enter keeps the default, or leaves an optional field out).
 * No terminal, EOF, Ctrl-C or a field not filled in after three tries cancels the form: the server
 * hears that nobody answered. It is the call's own interaction, never an approval of the call.
 */
export function createTerminalElicitor(options: TerminalElicitorOptions): McpElicitor {
  const open = options.openTerminal ?? (() => openControllingTerminal());
  const { colors } = options;
  return async (request, signal) => {
    const terminal = open();
    if (!terminal) return { action: 'cancel' };
    try {
      terminal.write(`\n${colors.cyan(`• MCP server "${request.server}" asks:`)} ${request.message}\n`);
      terminal.write(colors.bold('• Fill it in? [y/N, d declines] '));
      const start = (await terminal.readLine(signal))?.trim().toLowerCase();
      if (start === undefined) return { action: 'cancel' };
      if (start === 'd' || start === 'decline') return { action: 'decline' };
      if (start !== 'y' && start !== 'yes') return { action: 'cancel' };
      const content: Record<string, McpElicitationValue> = {};
      for (const field of request.fields) {
        let filled = false;
        for (let attempt = 0; attempt < TRIES && !filled; attempt++) {
          terminal.write(fieldPrompt(field, colors));
          const line = await terminal.readLine(signal);
          if (line === null) return { action: 'cancel' };
          const text = line.trim();
          if (text === '' && (field.default !== undefined || !field.required)) {
            filled = true; // The default applies (SEP-1034), or the optional field stays out.
            break;
          }
          const parsed =
            text === '' ? { ok: false as const, why: 'this field is required' } : parseAnswer(field, text);
          if (parsed.ok) {
            content[field.name] = parsed.value;
            filled = true;
          } else terminal.write(colors.yellow(`  ${parsed.why}\n`));
        }
        if (!filled) return { action: 'cancel' };
      }
      return { action: 'accept', content };
    } finally {
      terminal.close();
    }
  };
}
