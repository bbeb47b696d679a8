import {
  FrontMatterSyntaxError,
  type FrontMatterValue,
  parseFrontMatter,
} from '../agents/parse-front-matter.js';
import type { CommandScope, PromptCommand } from './prompt-command.js';

/** Where a command file lies: what {@link parseCommandFile} cannot read from its bytes. */
export interface CommandFilePlace {
  /** The file, absolute. */
  readonly file: string;
  readonly scope: CommandScope;
  /** The subdirectories between the commands directory and the file. */
  readonly namespace: readonly string[];
  /** The file's name without `.md`. */
  readonly stem: string;
}

/** Front matter fields toolgate reads as Claude Code writes them but does not honour, and why. */
const IGNORED_FIELDS: Readonly<Record<string, string>> = {
  'allowed-tools':
    'allowed-tools is ignored: it never grants a tool or skips a question; the permission rules and the approval mode decide every call',
  model: 'model is ignored: the command runs on the session’s model (/model switches it)',
};

/** Fields that mean nothing here and are read silently (toolgate's model never invokes a command). */
const SILENT_FIELDS = new Set(['disable-model-invocation']);

/** One line for a terminal: control characters (escape sequences) become spaces. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
}

function stringOf(value: FrontMatterValue, bracket: boolean): string {
  if (typeof value === 'string') return value;
  // `argument-hint: [pr-number]` reads as a list; written back as Claude Code shows it.
  return bracket ? value.map((item) => `[${item}]`).join(' ') : value.join(', ');
}

function firstLine(body: string): string {
  const line = body.split('\n').find((entry) => entry.trim() !== '') ?? '';
  const text = oneLine(line.replace(/^#+\s*/, ''));
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * Reads a command file's bytes: UTF-8 text, optional front matter (`description`,
 * `argument-hint`; `allowed-tools` and `model` noted as ignored, unknown keys noted), then the
 * prompt. Returns the command, or why the file is not one.
 */
export function parseCommandFile(
  bytes: Uint8Array,
  place: CommandFilePlace,
): { readonly command: PromptCommand } | { readonly problem: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: 'not UTF-8 text' };
  }
  if (text.includes('\u0000')) return { problem: 'not text (it holds a NUL byte)' };
  let fields: ReadonlyMap<string, FrontMatterValue> = new Map();
  let body = text.replace(/^\uFEFF/, '').trim();
  if (/^\uFEFF?---[ \t]*\r?\n/.test(text)) {
    try {
      ({ fields, body } = parseFrontMatter(text));
    } catch (error) {
      if (error instanceof FrontMatterSyntaxError) return { problem: `bad front matter, ${error.message}` };
      throw error;
    }
  }
  if (body === '') return { problem: 'no prompt after the front matter' };
  const notes: string[] = [];
  let description: string | undefined;
  let argumentHint: string | undefined;
  for (const [key, value] of fields) {
    if (key === 'description') description = oneLine(stringOf(value, false));
    else if (key === 'argument-hint') argumentHint = oneLine(stringOf(value, true));
    else if (Object.hasOwn(IGNORED_FIELDS, key)) notes.push(IGNORED_FIELDS[key]!);
    else if (!SILENT_FIELDS.has(key)) notes.push(`${oneLine(key)} is not a field toolgate knows; ignored`);
  }
  const label = [place.scope, ...place.namespace].join(':');
  return {
    command: {
      name: place.stem.toLowerCase(),
      file: place.file,
      scope: place.scope,
      namespace: place.namespace,
      label,
      description: description || firstLine(body),
      ...(argumentHint ? { argumentHint } : {}),
      body,
      notes,
    },
  };
}
