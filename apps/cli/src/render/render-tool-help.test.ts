import type { ToolDefinition } from '@toolgate/core';
import { READ_FILE_SPEC } from '@toolgate/tools-fs';
import { describe, expect, it } from 'vitest';
import { createColors } from './colors.js';
import { describeSchemaType, renderToolHelp } from './render-tool-help.js';

const plain = createColors(false);

describe('renderToolHelp', () => {
  it("prints the tool's facts, its whole description and each argument as a person reads it", () => {
    const definition: ToolDefinition = {
      name: 'deploy',
      description: 'Deploys the site.\nSecond paragraph.',
      inputSchema: {
        type: 'object',
        properties: {
          target: { type: 'string', enum: ['staging', 'production'], description: 'Where to deploy.' },
          dryRun: { type: 'boolean', default: false, description: 'Only print the plan.' },
          retries: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
        },
        required: ['target'],
      },
      kind: 'execute',
      annotations: {},
      source: { type: 'custom' },
    };
    expect(renderToolHelp({ definition }, 'auto', plain)).toBe(
      [
        'deploy  execute · custom · asks in auto mode: no',
        '',
        'Deploys the site.',
        'Second paragraph.',
        '',
        'Arguments:',
        '  target   one of "staging", "production", required',
        '           Where to deploy.',
        '  dryRun   boolean, optional, default false',
        '           Only print the plan.',
        '  retries  integer ≥ 0, optional',
        '',
      ].join('\n'),
    );
  });

  it('says when a tool takes no arguments', () => {
    const definition: ToolDefinition = {
      name: 'ping',
      description: 'Pings.',
      inputSchema: { type: 'object' },
      kind: 'other',
      annotations: {},
      source: { type: 'built-in' },
    };
    expect(renderToolHelp({ definition }, 'safe', plain)).toBe(
      'ping  other · built-in · asks in safe mode: yes\n\nPings.\n\nArguments: none.\n',
    );
  });

  it('reads a built-in definition: read_file needs path and bounds startLine', () => {
    const help = renderToolHelp(READ_FILE_SPEC, 'safe', plain);
    expect(help).toContain('read_file  read · built-in · asks in safe mode: no\n');
    expect(help).toContain('\n  path       string, required\n');
    expect(help).toContain('\n  startLine  integer ≥ 1, optional\n');
  });
});

describe('describeSchemaType', () => {
  it('names arrays, unions, constants and untyped values', () => {
    expect(describeSchemaType({ type: 'array', items: { type: 'string' } })).toBe('array of string');
    expect(describeSchemaType({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null');
    expect(describeSchemaType({ type: ['integer', 'null'], maximum: 10 })).toBe('integer ≤ 10 or null');
    expect(describeSchemaType({ const: 'x' })).toBe('"x"');
    expect(describeSchemaType({})).toBe('any value');
  });
});
