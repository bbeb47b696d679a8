import { buildApprovalRequest, defineTool, implementTool, toolSuccess } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { permissionOptions } from './permission-options.js';

const request = (tool: Parameters<typeof buildApprovalRequest>[0]['tool'], input: unknown) =>
  buildApprovalRequest({ tool, callId: 'c', input, mode: 'manual' });

describe('permissionOptions', () => {
  it('names what "always" covers as the tool declares it, never by the tool\'s name', () => {
    // A shell of a team's own, remembering "always" by the exact command, as bash does.
    const shell = defineTool({
      name: 'sh',
      description: 'Runs a command.',
      input: z.object({ command: z.string() }),
      approval: {
        summarize: (input) => ({
          remember: { key: input.command, label: `always for \`${input.command}\`` },
        }),
      },
    });
    const plain = implementTool(defineTool({ name: 'touch', description: 'x', input: z.object({}) }), {
      execute: async () => toolSuccess('ok'),
    });
    expect([
      permissionOptions(request(shell, { command: 'npm test' })).map((option) => option.name),
      permissionOptions(request(plain, {})).map((option) => option.name),
    ]).toEqual([
      [
        'Allow once',
        'Always allow `npm test` in this session',
        'Reject',
        'Always reject `npm test` in this session',
      ],
      [
        'Allow once',
        'Always allow every touch call in this session',
        'Reject',
        'Always reject every touch call in this session',
      ],
    ]);
  });
});
