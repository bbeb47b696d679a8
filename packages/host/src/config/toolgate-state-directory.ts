import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * toolgate's state directory (sessions, tokens, spilled outputs): `$XDG_STATE_HOME/toolgate`, or
 * `~/.local/state/toolgate` when that variable is unset or not absolute (as the XDG base directory
 * specification says). No tool reads or writes it.
 */
export function toolgateStateDirectory(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_STATE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.local', 'state');
  return join(base, 'toolgate');
}
