import { isAbsolute, join } from 'node:path';

/**
 * toolgate's own directories for the user: the config (`$XDG_CONFIG_HOME/toolgate`, default
 * `~/.config/toolgate`) and the state (`$XDG_STATE_HOME/toolgate`, default
 * `~/.local/state/toolgate`: sessions, tokens, spilled outputs). A variable that is unset, empty or
 * not absolute means its default, as the XDG base directory specification says.
 */
export function toolgateDirectories(env: NodeJS.ProcessEnv, home: string): string[] {
  const base = (value: string | undefined, fallback: string) =>
    value && isAbsolute(value) ? value : join(home, fallback);
  return [
    join(base(env.XDG_CONFIG_HOME, '.config'), 'toolgate'),
    join(base(env.XDG_STATE_HOME, join('.local', 'state')), 'toolgate'),
  ];
}
