import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The relay program (`netns-relay`): built next to this file, or its source under the test runner. */
export function relayProgram(): string {
  const built = fileURLToPath(new URL('./netns-relay.js', import.meta.url));
  return existsSync(built) ? built : fileURLToPath(new URL('./netns-relay.ts', import.meta.url));
}
