import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * `PATH` without the entries that lead into the workspace: relative ones (`.`, `node_modules/.bin`,
 * an empty entry), which resolve against a command's working directory, and absolute ones inside
 * `root`. A program a hook or server looks up by name is then never a file of the workspace, which
 * the model may write (a `node_modules/.bin/jq` made in the sandbox would otherwise run on the host).
 */
export function stripWorkspaceFromPath(path: string | undefined, root: string): string {
  return (path ?? '')
    .split(':')
    .filter((entry) => {
      if (!isAbsolute(entry)) return false;
      const rel = relative(root, resolve(entry));
      return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
    })
    .join(':');
}
