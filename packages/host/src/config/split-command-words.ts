/** Characters that make a command line more than one program with plain arguments. */
const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')', '`', '*', '?', '[', ']', '{', '}', '\n', '\r']);

/** `$PWD` and `${PWD}`: the hook's working directory, the workspace root. */
const ROOT_VARIABLE = /^\$(?:PWD\b|\{PWD\})/;

/**
 * The words of a command line when it is one program with arguments, as `/bin/sh` would split
 * them: quotes and backslashes are honoured and `$PWD` (`${PWD}`) becomes `directory`; anything
 * else the shell would interpret (operators, redirections, other expansions, globs, comments, a
 * leading `~`, assignments) makes it undefined, for the caller to read the line another way.
 */
export function splitCommandWords(line: string, directory: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  let index = 0;
  const append = (text: string) => {
    word = (word ?? '') + text;
  };
  while (index < line.length) {
    const char = line[index]!;
    if (char === ' ' || char === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
      index += 1;
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end === -1) return undefined;
      append(line.slice(index + 1, end));
      index = end + 1;
    } else if (char === '"') {
      let text = '';
      index += 1;
      for (;;) {
        if (index >= line.length) return undefined;
        const inner = line[index]!;
        if (inner === '"') break;
        if (inner === '\\' && index + 1 < line.length && '$`"\\'.includes(line[index + 1]!)) {
          text += line[index + 1];
          index += 2;
        } else if (inner === '$') {
          const match = ROOT_VARIABLE.exec(line.slice(index));
          if (!match) return undefined;
          text += directory;
          index += match[0].length;
        } else if (inner === '`' || inner === '\n') return undefined;
        else {
          text += inner;
          index += 1;
        }
      }
      append(text);
      index += 1;
    } else if (char === '\\') {
      if (index + 1 >= line.length || line[index + 1] === '\n') return undefined;
      append(line[index + 1]!);
      index += 2;
    } else if (char === '$') {
      const match = ROOT_VARIABLE.exec(line.slice(index));
      if (!match) return undefined;
      append(directory);
      index += match[0].length;
    } else if (OPERATORS.has(char)) return undefined;
    else if (word === undefined && (char === '#' || char === '~')) return undefined;
    else {
      // `NAME=value` before the program assigns a variable for it.
      if (char === '=' && words.length === 0 && word !== undefined && /^[A-Za-z_]\w*$/.test(word))
        return undefined;
      append(char);
      index += 1;
    }
  }
  if (word !== undefined) words.push(word);
  return words.length === 0 ? undefined : words;
}
