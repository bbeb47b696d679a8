/** Stub: replaced in the next commit. */
export function toolgateDirectories(_env: NodeJS.ProcessEnv, _home: string): string[] {
  return [];
}
