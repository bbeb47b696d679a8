const META = new Set(['\\', '.', '+', '*', '?', '(', ')', '|', '[', ']', '{', '}', '^', '$']);

/**
 * A literal every match must contain, found in simple patterns (no alternation, no groups or
 * classes around it): `function\s+\w+\(` → `function`. Lets the Node engine skip a file with
 * `Buffer.indexOf` before decoding it. Undefined when there is none of at least 3 characters.
 */
export function requiredLiteral(pattern: string): string | undefined {
  if (pattern.includes('|') || pattern.includes('(?') || /\[\^?\]/.test(pattern)) return undefined;
  const runs: string[] = [];
  let current = '';
  let depth = 0;
  const flush = (): void => {
    if (current !== '') runs.push(current);
    current = '';
  };
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index]!;
    const next = pattern[index + 1];
    if (character === '\\') {
      const escaped = pattern[index + 1];
      index++;
      if (escaped !== undefined && depth === 0 && /[^A-Za-z0-9]/.test(escaped)) {
        const after = pattern[index + 1];
        if (after === '?' || after === '*' || after === '{') flush();
        else {
          current += escaped;
          if (after === '+') flush();
        }
      } else flush();
      continue;
    }
    if (character === '(' || character === '[' || character === '{') {
      depth++;
      flush();
      continue;
    }
    if (character === ')' || character === ']' || character === '}') {
      depth = Math.max(0, depth - 1);
      flush();
      continue;
    }
    if (depth > 0) continue;
    if (META.has(character)) {
      flush();
      continue;
    }
    if (next === '?' || next === '*' || next === '{') {
      flush();
      continue;
    }
    current += character;
    if (next === '+') flush();
  }
  flush();
  const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
  return longest.length >= 3 ? longest : undefined;
}
