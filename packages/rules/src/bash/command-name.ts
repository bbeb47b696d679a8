import type { StaticWord } from './command-line-analysis.js';

/** `/usr/bin/rm` is `rm`. */
export function commandName(word: StaticWord): StaticWord {
  if (word === null) return null;
  const slash = word.lastIndexOf('/');
  return slash === -1 ? word : word.slice(slash + 1);
}
