import type { Workspace } from '@toolgate/core';
import { createAgentsMdStore } from './agents-md-store.js';

/** Options of {@link loadAgentsMd}. */
export interface LoadAgentsMdOptions {
  /** Keep at most this many characters of the (trimmed) content. @default 32000 */
  readonly maxChars?: number;
}

/** AGENTS.md as a host puts it in the system prompt. */
export interface LoadedAgentsMd {
  /** Root-relative path (`AGENTS.md` or `.agents/AGENTS.md`). */
  readonly path: string;
  /** The real absolute path. */
  readonly resolvedPath: string;
  /** The trimmed text, at most `maxChars` characters. */
  readonly content: string;
  /** The text was longer than `maxChars`. */
  readonly truncated: boolean;
}

/** Default of {@link LoadAgentsMdOptions.maxChars}. */
export const DEFAULT_AGENTS_MD_MAX_CHARS = 32_000;

/**
 * Loads the project memory for a system prompt: AGENTS.md found as `update_agents_md` finds it
 * and through the same guard (a symlink leading outside the workspace is not followed), trimmed
 * and clipped. Undefined when there is none, it is blank, or it cannot be read (as in AI4J, a
 * broken AGENTS.md never stops a session).
 */
export async function loadAgentsMd(
  workspace: Workspace,
  options: LoadAgentsMdOptions = {},
): Promise<LoadedAgentsMd | undefined> {
  const maxChars = options.maxChars ?? DEFAULT_AGENTS_MD_MAX_CHARS;
  // UTF-8 needs at most 3 bytes per UTF-16 unit; the margin covers leading whitespace.
  const maxBytes = maxChars * 3 + 4096;
  const outcome = await createAgentsMdStore(workspace).read({ maxBytes });
  if (outcome.status === 'failure' || !outcome.output.exists) return undefined;
  const read = outcome.output;
  const text = read.content.trim();
  if (text === '') return undefined;
  const clipped = text.length > maxChars;
  return {
    path: read.path,
    resolvedPath: read.resolvedPath,
    content: clipped ? text.slice(0, maxChars) : text,
    truncated: clipped || read.truncated,
  };
}

/** The `<agents_md>` block AI4J appends to the workspace system prompt. */
export function formatAgentsMdPrompt(loaded: LoadedAgentsMd): string {
  return `<agents_md>\n${loaded.content}\n</agents_md>\n`;
}
