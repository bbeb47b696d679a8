const cache = new Map<string, RegExp>();

/** True when a tool name matches an allowed-tools entry: an exact name, or a glob with `*` and `?`. */
export function matchToolPattern(pattern: string, name: string): boolean {
  const trimmed = pattern.trim();
  if (!/[*?]/.test(trimmed)) return trimmed === name;
  let regex = cache.get(trimmed);
  if (!regex) {
    const source = trimmed
      .split('')
      .map((character) =>
        character === '*' ? '.*' : character === '?' ? '.' : character.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    regex = new RegExp(`^${source}$`);
    cache.set(trimmed, regex);
  }
  return regex.test(name);
}
