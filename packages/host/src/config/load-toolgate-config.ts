import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { ConfigError } from './config-error.js';
import { formatConfigIssue } from './format-config-issue.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';

/** The config file name looked up in the workspace root. */
export const CONFIG_FILE_NAME = 'toolgate.config.json';

/**
 * Reads and validates a config file (or `text`, its bytes already read). `required` is false for the default location (a missing file
 * means an empty config) and true for `--config`. Every problem throws a {@link ConfigError} naming
 * the file, the key and what was expected.
 */
export function loadToolgateConfig(
  file: string,
  options: { readonly required: boolean; readonly text?: string },
): Promise<ToolgateConfig> {
  return loadConfigFile(
    file,
    async () => (await import('./toolgate-config-schema.js')).TOOLGATE_CONFIG_SCHEMA,
    options,
  );
}

/**
 * Reads a JSON config file and validates it with the schema `loadSchema` resolves to;
 * {@link loadToolgateConfig}'s rules. The schema is built only when there is a file to check (a
 * start-up without config files builds none).
 */
export async function loadConfigFile<Schema extends z.ZodType<object>>(
  file: string,
  loadSchema: () => Promise<Schema>,
  options: { readonly required: boolean; readonly text?: string },
): Promise<z.output<Schema> | Record<string, never>> {
  let text: string;
  try {
    // Bytes already read (and digested) are parsed as they are, not read again.
    text = options.text ?? (await readFile(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !options.required) return {};
    throw new ConfigError(
      `Cannot read config file ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(error))}.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Invalid config file ${file}: not valid JSON (${(error as Error).message}).`);
  }
  const schema = await loadSchema();
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${formatConfigIssue(issue, raw, schema).replaceAll('\n', '\n  ')}`,
    );
    throw new ConfigError(`Invalid config file ${file}:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
