import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { STOP_REASONS } from '@toolgate/agent';
import { describe, expect, it } from 'vitest';
import { toAcpStopReason } from './to-acp-stop-reason.js';

const README = readFileSync(resolve(import.meta.dirname, '../README.md'), 'utf8');

describe('the ACP docs say what the code does', () => {
  it('names every ACP stop reason a turn can end with in the stop reasons paragraph', () => {
    const start = README.indexOf('- Stop reasons:');
    const paragraph = README.slice(start, README.indexOf('\n\n', start));
    const sent = new Set(
      STOP_REASONS.filter((reason) => reason !== 'model_error').map((reason) => toAcpStopReason(reason)),
    );
    for (const reason of sent) expect(paragraph, reason).toContain(`\`${reason}\``);
    // A model error is not a stop reason over ACP: the docs say it is a JSON-RPC error.
    expect(paragraph).toMatch(/model error → a JSON-RPC error/);
  });
});
