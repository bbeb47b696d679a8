/**
 * The value found by following `path` (a zod issue path) into `root`, or undefined where the path
 * leaves the object. Lets a validation message quote the value it got.
 */
export function valueAtPath(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
