import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import type { HookCommand, HookSettings } from './hook-settings.js';

type HookEntries = NonNullable<NonNullable<ToolgateConfig['hooks']>['preToolUse']>;

function commandsOf(entries: HookEntries | undefined, source: string): HookCommand[] {
  return (entries ?? []).map((entry) => ({
    command: entry.command,
    source,
    ...(entry.matcher === undefined ? {} : { matcher: entry.matcher }),
    ...(entry.timeout === undefined ? {} : { timeoutMs: Math.round(entry.timeout * 1000) }),
  }));
}

/**
 * The hooks of config files, in order (the user's first), each naming its file. Pass only the
 * files whose hooks may run: the user's, and a workspace's once it is trusted.
 */
export function hookSettingsOfConfig(
  files: readonly { readonly config: ToolgateConfig; readonly source: string }[],
): HookSettings {
  return {
    preToolUse: files.flatMap(({ config, source }) => commandsOf(config.hooks?.preToolUse, source)),
    postToolUse: files.flatMap(({ config, source }) => commandsOf(config.hooks?.postToolUse, source)),
  };
}
