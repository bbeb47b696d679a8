import { describe, expect, it } from 'vitest';
import { jsonSchemaTool, sampleTool } from '../test-support/sample-tools.js';
import { APPROVAL_MODES, parseApprovalMode } from './approval-mode.js';
import { requiresApproval } from './requires-approval.js';

const cases: { call: string; definition: ReturnType<typeof sampleTool>['definition']; input: unknown }[] = [
  { call: 'apply_patch', definition: sampleTool('apply_patch').definition, input: {} },
  ...['exec', 'start', 'stop', 'write', 'status', 'logs', 'list'].map((action) => ({
    call: `bash ${action}`,
    definition: sampleTool('bash').definition,
    input: { action },
  })),
  { call: 'bash (blank action)', definition: sampleTool('bash').definition, input: { action: '  ' } },
  ...['read_file', 'glob', 'grep', 'write_file', 'edit', 'update_agents_md'].map((name) => ({
    call: name,
    definition: sampleTool(name).definition,
    input: {},
  })),
  { call: 'mcp tool', definition: jsonSchemaTool('mcp__s__t', 's').definition, input: {} },
  {
    call: 'read-only custom tool',
    definition: sampleTool('lookup', { annotations: { readOnly: true }, source: { type: 'custom' } })
      .definition,
    input: {},
  },
  {
    call: 'delegate tool',
    definition: sampleTool('delegate_explore', { source: { type: 'delegate' } }).definition,
    input: {},
  },
];

describe('requiresApproval', () => {
  it('follows the DESIGN §5 table for every mode', () => {
    const table = Object.fromEntries(
      cases.map(({ call, definition, input }) => [
        call,
        APPROVAL_MODES.map((mode) => (requiresApproval(mode, definition, input) ? 'ask' : 'run')).join(' '),
      ]),
    );
    expect(table).toEqual({
      apply_patch: 'ask ask run',
      'bash exec': 'ask ask run',
      'bash start': 'ask ask run',
      'bash stop': 'ask ask run',
      'bash write': 'ask ask run',
      'bash status': 'ask run run',
      'bash logs': 'ask run run',
      'bash list': 'ask run run',
      'bash (blank action)': 'ask ask run',
      read_file: 'ask run run',
      glob: 'ask run run',
      grep: 'ask run run',
      write_file: 'ask run run',
      edit: 'ask run run',
      update_agents_md: 'ask run run',
      'mcp tool': 'ask ask run',
      'read-only custom tool': 'ask run run',
      'delegate tool': 'ask run run',
    });
  });
});

describe('parseApprovalMode', () => {
  it('trims and lower-cases, and treats blank as safe', () => {
    expect([
      parseApprovalMode(' AUTO '),
      parseApprovalMode('Manual'),
      parseApprovalMode(''),
      parseApprovalMode(undefined),
    ]).toEqual(['auto', 'manual', 'safe', 'safe']);
  });

  it('lists the valid modes for an unknown one', () => {
    expect(() => parseApprovalMode('yolo')).toThrow(
      'Unsupported approval mode: "yolo". Valid modes: manual, safe, auto.',
    );
  });
});
