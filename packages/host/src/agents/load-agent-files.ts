import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readRegularFile } from '@toolgate/core';
import { AgentDefinitionError } from './agent-definition-error.js';
import type { AgentDefinitionConfig } from './agent-definition-schema.js';

/** Where a workspace keeps its agent files, relative to its root. */
export const AGENT_FILES_DIRECTORY = '.toolgate/agents';

const MAX_AGENT_FILE_BYTES = 256 * 1024;

/** An agent definition and the file it came from. */
export interface AgentFileDefinition {
  readonly file: string;
  readonly definition: AgentDefinitionConfig;
}

/**
 * Reads every `*.md` file of `directory` (not its subdirectories), in name order; a missing
 * directory has none. Throws {@link AgentDefinitionError} naming the file for anything but a
 * readable regular file with valid front matter.
 */
export async function loadAgentFiles(directory: string): Promise<AgentFileDefinition[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.md')).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    throw new AgentDefinitionError(`Cannot read the agent directory ${directory}: ${code ?? String(error)}.`);
  }
  if (names.length === 0) return [];
  // The reader and its zod schema load only for a workspace that has agent files: every command
  // resolves its settings through here, and most workspaces have none.
  const { readAgentFile } = await import('./read-agent-file.js');
  const definitions: AgentFileDefinition[] = [];
  for (const name of names) {
    const file = join(directory, name);
    let read: Awaited<ReturnType<typeof readRegularFile>>;
    try {
      read = await readRegularFile(file, { maxBytes: MAX_AGENT_FILE_BYTES });
    } catch (error) {
      throw new AgentDefinitionError(
        `Cannot read agent file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
      );
    }
    if (read.kind === 'missing') continue;
    if (read.kind === 'directory') continue;
    if (read.kind !== 'file')
      throw new AgentDefinitionError(
        `Agent file ${file}: ${read.kind === 'too_large' ? `larger than ${MAX_AGENT_FILE_BYTES} bytes` : read.kind === 'symbolic_link' ? 'a symbolic link; agent files must be regular files' : 'not a regular file'}.`,
      );
    definitions.push({ file, definition: readAgentFile(file, read.bytes.toString('utf8')) });
  }
  return definitions;
}
