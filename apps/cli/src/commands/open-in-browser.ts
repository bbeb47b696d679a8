import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '')
    .split(delimiter)
    .some((directory) => directory !== '' && existsSync(join(directory, name)));
}

/**
 * Opens `url` with `$BROWSER` when set, else the platform's opener (`open`, `xdg-open`,
 * `start`). Resolves to false when there is none (the caller has printed the URL anyway).
 */
export function openInBrowser(url: string, env: NodeJS.ProcessEnv): boolean {
  const browser = env.BROWSER?.trim();
  const [command, args] = browser
    ? [browser, [url]]
    : process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : onPath('xdg-open', env)
          ? ['xdg-open', [url]]
          : [undefined, []];
  if (command === undefined) return false;
  const child = spawn(command, args, { stdio: 'ignore', detached: true, env });
  child.on('error', () => {});
  child.unref();
  return true;
}
