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

const SURROGATE = /[\ud800-\udfff]/;

/** `<` on strings: code-unit order, which is code-point order for strings without surrogates. */
function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Sorts paths in {@link comparePaths} order, in place. `/` as NUL sorts a directory before a
 * sibling file that extends its name; when no path holds a NUL (the mapping then reverses exactly)
 * or a surrogate (where code-unit and code-point order part), the keys go through the default
 * sort, which compares without calling back into JavaScript for every pair.
 */
export function sortPaths(paths: string[]): string[] {
  if (!paths.some((path) => path.includes('\u0000') || SURROGATE.test(path))) {
    const keys = paths.map((path) => path.replaceAll('/', '\u0000'));
    keys.sort();
    for (let index = 0; index < keys.length; index++) paths[index] = keys[index]!.replaceAll('\u0000', '/');
    return paths;
  }
  const keyed = paths.map((path) => ({ path, key: path.replaceAll('/', '\u0000') }));
  keyed.sort((left, right) => compareNames(left.key, right.key));
  for (let index = 0; index < keyed.length; index++) paths[index] = keyed[index]!.path;
  return paths;
}

/** Consecutive items with one path: `items[start]` up to `items[end]`, exclusive. */
interface Run {
  readonly key: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Sorts items by a path in {@link comparePaths} order, then by `tieBreak`, keeping the order they
 * came in otherwise (a stable sort). Consecutive items with one path (grep's matches of one file)
 * are one run, so the sort compares runs, not items; only a path with more than one item is
 * ordered by `tieBreak` (a run already in order costs one pass).
 */
export function sortByPath<T>(
  items: T[],
  pathOf: (item: T) => string,
  tieBreak?: (left: T, right: T) => number,
): T[] {
  const runs: Run[] = [];
  let surrogates = false;
  for (let start = 0; start < items.length; ) {
    const path = pathOf(items[start]!);
    let end = start + 1;
    while (end < items.length && pathOf(items[end]!) === path) end++;
    if (!surrogates && SURROGATE.test(path)) surrogates = true;
    runs.push({ key: path.replaceAll('/', '\u0000'), start, end });
    start = end;
  }
  const compareKeys = surrogates ? compareNames : compareCodeUnits;
  runs.sort((left, right) => (left.key === right.key ? 0 : compareKeys(left.key, right.key)));
  const source = items.slice();
  let index = 0;
  for (let first = 0; first < runs.length; ) {
    let last = first + 1;
    while (last < runs.length && runs[last]!.key === runs[first]!.key) last++;
    const from = index;
    for (let run = first; run < last; run++) {
      for (let item = runs[run]!.start; item < runs[run]!.end; item++) items[index++] = source[item]!;
    }
    if (tieBreak && index - from > 1) {
      const group = items.slice(from, index).sort(tieBreak);
      for (let item = 0; item < group.length; item++) items[from + item] = group[item]!;
    }
    first = last;
  }
  return items;
}
