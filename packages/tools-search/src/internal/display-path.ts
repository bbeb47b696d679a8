/** Joins a base's display path with a `/`-relative path below it. */
export function joinDisplayPath(baseDisplay: string, relativePath: string): string {
  if (baseDisplay === '.') return relativePath;
  return baseDisplay.endsWith('/') ? baseDisplay + relativePath : `${baseDisplay}/${relativePath}`;
}
