import { describe, expect, it } from 'vitest';
import { liveOutput } from './live-output.js';

function nextShown(): { show: (text: string) => void; shown: Promise<string> } {
  let resolve!: (text: string) => void;
  const shown = new Promise<string>((done) => {
    resolve = done;
  });
  return { show: (text) => resolve(text), shown };
}

describe('liveOutput', () => {
  it('shows the output so far, a character split across chunks whole', async () => {
    const { show, shown } = nextShown();
    const live = liveOutput(show);
    const euro = Buffer.from('a€b');
    live.push(euro.subarray(0, 2));
    live.push(euro.subarray(2));
    expect(await shown).toBe('a€b');
    live.stop();
  });

  it('shows only the last 8000 characters of a large output, from a character boundary', async () => {
    const { show, shown } = nextShown();
    const live = liveOutput(show);
    for (let index = 0; index < 100; index++) live.push(Buffer.from('é'.repeat(1000)));
    live.push(Buffer.from(`${'x'.repeat(100_000)}`));
    live.push(Buffer.from('€'.repeat(5000)));
    live.push(Buffer.from('end'));
    const text = await shown;
    expect(text).toHaveLength(8000);
    expect(text).toBe(`${'x'.repeat(2997)}${'€'.repeat(5000)}end`);
    live.stop();
  });
});
