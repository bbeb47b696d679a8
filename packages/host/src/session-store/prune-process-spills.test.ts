import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSessionStore } from './session-store.js';

let stateDir: string;
beforeEach(() => {
  stateDir = mkdtempSync(join(tmpdir(), 'toolgate-prune-spills-'));
});
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

/** A spill directory as a call without a session leaves it, last changed `ageMs` ago. */
function processSpill(name: string, ageMs: number): string {
  const dir = join(stateDir, 'sessions', name);
  mkdirSync(join(dir, 'spill'), { recursive: true });
  writeFileSync(join(dir, 'spill', '1-bash-stdout.txt'), 'x'.repeat(1000));
  const when = new Date(Date.now() - ageMs);
  utimesSync(dir, when, when);
  return dir;
}

describe('the store’s retention pass and the spills of calls without a session', () => {
  it('removes such a spill once it is a day old, keeps a newer one and anything else', async () => {
    const old = processSpill('spill-mabc123-1f4-1', 2 * 86_400_000);
    const fresh = processSpill('spill-mabc999-1f5-2', 60_000);
    const other = processSpill('spill-notes', 2 * 86_400_000);
    await openSessionStore(stateDir).prune({});
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
