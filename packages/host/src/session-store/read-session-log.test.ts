import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSessionLog } from './read-session-log.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolgate-session-log-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const header = JSON.stringify({
  type: 'session',
  version: 1,
  id: 's',
  workspace: '/w',
  createdAt: 'now',
  title: '',
});
const start = (turn: number) => JSON.stringify({ type: 'turn-start', turn, at: 'now' });

async function logOf(text: string) {
  const file = join(directory, 'session.jsonl');
  await writeFile(file, text);
  return readSessionLog(file);
}

describe('readSessionLog', () => {
  it('reads whole records', async () => {
    const log = await logOf(`${header}\n${start(1)}\n`);
    expect(log.records.map((record) => record.type)).toEqual(['session', 'turn-start']);
    expect(log).toMatchObject({ dropped: 0, validLength: header.length + start(1).length + 2 });
  });

  it('drops a last record torn by a crash, even one that happens to parse', async () => {
    expect(await logOf(`${header}\n${start(1)}`)).toMatchObject({
      dropped: 1,
      validLength: header.length + 1,
    });
    expect(await logOf(`${header}\n{"type":"tu`)).toMatchObject({
      dropped: 1,
      validLength: header.length + 1,
    });
  });

  it('drops a damaged or unknown line and everything after it', async () => {
    const log = await logOf(`${header}\n{"type":"turn-start","turn":"x","at":"now"}\n${start(2)}\n`);
    expect(log.records).toHaveLength(1);
    expect(log.dropped).toBe(2);
  });
});
