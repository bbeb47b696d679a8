const escapeRegExp = (text: string) => text.replace(/[.+^${}()|\\]/g, '\\$&');

function translate(pattern: string): string {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index]!;
    if (character === '*' && pattern[index + 1] === '*') {
      const slash = pattern[index + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      index += slash ? 2 : 1;
    } else if (character === '*') source += '[^/]*';
    else if (character === '?') source += '[^/]';
    else if (character === '{') {
      const end = pattern.indexOf('}', index);
      if (end === -1) source += '\\{';
      else {
        source += `(?:${pattern
          .slice(index + 1, end)
          .split(',')
          .map(translate)
          .join('|')})`;
        index = end;
      }
    } else if (character === '[') {
      const end = pattern.indexOf(']', index + 1);
      if (end === -1) source += '\\[';
      else {
        source += `[${pattern
          .slice(index + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        index = end;
      }
    } else source += escapeRegExp(character);
  }
  return source;
}

/**
 * Compiles a path rule the way .gitignore reads one: a pattern without `/` matches a name at any
 * depth (`.env*`, `*.pem`), one with `/` is anchored at the workspace root (`src/**`), `**` crosses
 * directories, and matching a directory matches everything in it. `/abs/**` and `~/x` match paths
 * outside the workspace by their absolute form.
 */
export function compilePathGlob(pattern: string, homeDirectory: string): RegExp {
  let text = pattern.trim().replace(/^\.\//, '');
  if (text.startsWith('~/')) text = `${homeDirectory.replace(/\/$/, '')}/${text.slice(2)}`;
  text = text.replace(/\/+$/, '');
  const anchored = text.includes('/');
  const body = translate(text.startsWith('/') && !anchored ? text.slice(1) : text);
  return new RegExp(`^${anchored ? '' : '(?:.*/)?'}${body}(?:/.*)?$`, 's');
}
