import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import { HOOK_EVENTS, type HookEvent } from './hook-events.js';
import type { HookCommand, HookSandboxNeed, HookSettings } from './hook-settings.js';

/** One config file whose hooks may run; `sandboxOf` says, by key (`preToolUse[0]`), where each must. */
export interface HookFile {
  readonly config: ToolgateConfig;
  readonly source: string;
  readonly sandboxOf?: (key: string) => HookSandboxNeed | undefined;
}

function commandsOf(file: HookFile, list: HookEvent): HookCommand[] {
  const { source } = file;
  return (file.config.hooks?.[list] ?? []).map((entry, index) => ({
    command: entry.command,
    source,
    ...(() => {
      const need = file.sandboxOf?.(`${list}[${index}]`);
      return need === undefined ? {} : { sandbox: need };
    })(),
    ...(entry.matcher === undefined ? {} : { matcher: entry.matcher }),
    ...(entry.timeout === undefined ? {} : { timeoutMs: Math.round(entry.timeout * 1000) }),
  }));
}

/**
 * The hooks of config files, in order (the user's first), each naming its file. Pass only the
 * files whose hooks may run: the user's, and a workspace's once it is trusted. An event no file
 * has a hook for is absent.
 */
export function hookSettingsOfConfig(files: readonly HookFile[]): HookSettings {
  return Object.fromEntries(
    HOOK_EVENTS.map((event) => [event, files.flatMap((file) => commandsOf(file, event))] as const).filter(
      ([, hooks]) => hooks.length > 0,
    ),
  ) as HookSettings;
}
