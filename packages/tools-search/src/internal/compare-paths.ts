/**
 * Orders display paths as a sorted tree walk does (ripgrep's `--sort path`): segment by segment,
 * each segment by code point, so `a/b.ts` comes before `a.ts` (the directory `a` sorts before `a.ts`).
 */
export function comparePaths(left: string, right: string): number {
  if (left === right) return 0;
  const a = left.split('/');
  const b = right.split('/');
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const order = compareNames(a[index]!, b[index]!);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** Compares two names by code point (the order of their UTF-8 bytes). */
export function compareNames(left: string, right: string): number {
  if (left === right) return 0;
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a === b) continue;
    // Surrogates (astral characters) sort after every BMP character in code point order.
    const surrogateA = a >= 0xd800 && a <= 0xdfff;
    const surrogateB = b >= 0xd800 && b <= 0xdfff;
    if (surrogateA !== surrogateB) return surrogateA ? 1 : -1;
    return a - b;
  }
  return left.length - right.length;
}

/** Whether `text` holds a UTF-16 surrogate: where code-unit order (`<`) and code-point order part. */
function hasSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdfff) return true;
  }
  return false;
}

/** `<` on strings: code-unit order, which is code-point order for strings without surrogates. */
function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Sorts items by a path in {@link comparePaths} order, computing each sort key once. When no key
 * holds a surrogate, the keys compare with the engine's own `<` (the same order, several times
 * faster than {@link compareNames}).
 */
export function sortByPath<T>(
  items: T[],
  pathOf: (item: T) => string,
  tieBreak?: (left: T, right: T) => number,
): T[] {
  let surrogates = false;
  // Many items share a path (grep's matches in one file): each path's key is made once.
  const keys = new Map<string, string>();
  const keyed = items.map((item) => {
    const path = pathOf(item);
    let key = keys.get(path);
    if (key === undefined) {
      key = path.replaceAll('/', '\u0000');
      keys.set(path, key);
      if (!surrogates && hasSurrogate(key)) surrogates = true;
    }
    return { item, key };
  });
  const compareKeys = surrogates ? compareNames : compareCodeUnits;
  keyed.sort((left, right) => {
    const order = left.key === right.key ? 0 : compareKeys(left.key, right.key);
    return order !== 0 ? order : tieBreak ? tieBreak(left.item, right.item) : 0;
  });
  for (let index = 0; index < keyed.length; index++) items[index] = keyed[index]!.item;
  return items;
}
