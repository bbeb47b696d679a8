import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * The user's config file: `$XDG_CONFIG_HOME/toolgate/config.json`, or
 * `~/.config/toolgate/config.json` when that variable is unset or not absolute (as the XDG base
 * directory specification says).
 */
export function userConfigFile(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.config');
  return join(base, 'toolgate', 'config.json');
}
