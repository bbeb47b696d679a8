import { describe, expect, it } from 'vitest';
import { sampleTool } from '../test-support/sample-tools.js';
import { buildApprovalRequest } from './approval-request.js';

const bash = sampleTool('bash').definition;

function summary(
  name: string,
  input: unknown,
  preview?: Parameters<typeof buildApprovalRequest>[0]['preview'],
) {
  const request = buildApprovalRequest({
    definition: sampleTool(name).definition,
    callId: 'c',
    input,
    mode: 'manual',
    preview,
  });
  return {
    lines: request.lines,
    detail: request.detail,
    rememberKey: request.rememberKey,
    diff: request.diff,
  };
}

describe('buildApprovalRequest', () => {
  it('summarises bash exec with the clipped cwd and command, remembered by exact command', () => {
    const long = `echo ${'x'.repeat(200)}`;
    expect(summary('bash', { action: 'exec', command: ` ${long} `, cwd: 'packages/core' })).toEqual({
      lines: ['exec in packages/core', `${long.slice(0, 120)}...`],
      detail: long,
      rememberKey: `bash\u0000exec\u0000${long}`,
      diff: undefined,
    });
    expect(summary('bash', { command: 'ls' }).lines).toEqual(['exec in .', 'ls']);
  });

  it('summarises bash stop, write and the read-only actions', () => {
    expect(summary('bash', { action: 'stop', processId: 'proc_1' }).detail).toBe('Stop process proc_1');
    expect(summary('bash', { action: 'write', processId: 'proc_1' }).detail).toBe('Write to process proc_1');
    expect(summary('bash', { action: 'logs' })).toEqual({
      lines: ['logs process (process)'],
      detail: 'bash logs',
      rememberKey: 'bash\u0000logs',
      diff: undefined,
    });
  });

  it('summarises apply_patch with up to four operations', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: a.txt',
      '+a',
      '*** Update File: b.txt',
      '*** Delete File: c.txt',
      '*** Add: d.txt',
      '*** Add File: e.txt',
      '*** End Patch',
    ].join('\n');
    expect(summary('apply_patch', { patch })).toEqual({
      lines: ['Add a.txt', 'Update b.txt', 'Delete c.txt', 'Add d.txt'],
      detail: 'Add a.txt',
      rememberKey: 'apply_patch',
      diff: undefined,
    });
    expect(summary('apply_patch', { patch: 'garbage' }).detail).toBe('apply_patch');
  });

  it('shows other tools as clipped args, and lets a preview override lines, detail and diff', () => {
    expect(summary('write_file', { path: 'a.txt', content: 'x\ny' })).toEqual({
      lines: ['args={"path":"a.txt","content":"x\\ny"}'],
      detail: 'args={"path":"a.txt","content":"x\\ny"}',
      rememberKey: 'write_file',
      diff: undefined,
    });
    expect(
      summary('write_file', { path: 'a.txt' }, { lines: ['Overwrite a.txt'], diff: '--- a/a.txt\n' }),
    ).toEqual({
      lines: ['Overwrite a.txt'],
      detail: 'Overwrite a.txt',
      rememberKey: 'write_file',
      diff: '--- a/a.txt\n',
    });
    expect(
      buildApprovalRequest({
        definition: bash,
        callId: 'c',
        input: { command: 'ls' },
        mode: 'safe',
        preview: { lines: ['exec in src', 'ls'] },
      }).detail,
    ).toBe('ls');
  });
});
