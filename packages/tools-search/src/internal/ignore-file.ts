import { compileGitignoreGlob } from './gitignore-glob.js';
import type { StringTest } from './search-text.js';

/** What an ignore file says about one path: the last matching line wins. */
export type IgnoreMatch = 'ignore' | 'whitelist';

interface IgnoreRule {
  readonly regexp: StringTest;
  readonly whitelist: boolean;
  readonly onlyDirectory: boolean;
}

/** The lines of one ignore file (`.gitignore`, `.ignore`, `.rgignore`, `.git/info/exclude`), compiled. */
export interface IgnoreFile {
  /** Matches a path relative to the directory the file applies to. */
  match(relativePath: string, isDirectory: boolean): IgnoreMatch | undefined;
}

function parseLine(raw: string): IgnoreRule | undefined {
  let line = raw;
  if (line.startsWith('#')) return undefined;
  if (!line.endsWith('\\ ')) line = line.trimEnd();
  if (line === '') return undefined;
  let whitelist = false;
  let absolute = false;
  if (line.startsWith('\\!') || line.startsWith('\\#')) {
    line = line.slice(1);
    absolute = line.startsWith('/');
  } else {
    if (line.startsWith('!')) {
      whitelist = true;
      line = line.slice(1);
    }
    if (line.startsWith('/')) {
      line = line.slice(1);
      absolute = true;
    }
  }
  let onlyDirectory = false;
  if (line.endsWith('/')) {
    onlyDirectory = true;
    line = line.slice(0, -1);
  }
  let glob = line;
  if (!absolute && !line.includes('/') && !(glob.startsWith('**/') || glob === '**')) glob = `**/${glob}`;
  if (glob.endsWith('/**')) glob = `${glob}/*`;
  try {
    return { regexp: compileGitignoreGlob(glob), whitelist, onlyDirectory };
  } catch {
    // ripgrep reports a glob it cannot parse and goes on without that line.
    return undefined;
  }
}

/** Parses ignore-file text as ripgrep 13 does (gitignore syntax with globset globs). */
export function parseIgnoreFile(text: string): IgnoreFile | undefined {
  const rules: IgnoreRule[] = [];
  for (const line of text.split('\n')) {
    const rule = parseLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (rule) rules.push(rule);
  }
  if (rules.length === 0) return undefined;
  return {
    match(relativePath, isDirectory) {
      for (let index = rules.length - 1; index >= 0; index--) {
        const rule = rules[index]!;
        if (rule.onlyDirectory && !isDirectory) continue;
        if (rule.regexp.test(relativePath)) return rule.whitelist ? 'whitelist' : 'ignore';
      }
      return undefined;
    },
  };
}
