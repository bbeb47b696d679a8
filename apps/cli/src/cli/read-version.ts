import { readFileSync } from 'node:fs';

/** The CLI's version, from its package.json (beside `src/` and `dist/` alike). */
export function readVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    return String((JSON.parse(text) as { version?: unknown }).version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}
