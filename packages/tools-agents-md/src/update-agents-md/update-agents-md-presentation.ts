import type { ToolPresentation } from '@toolgate/core';
import type { UpdateAgentsMdInput, UpdateAgentsMdOutput } from './update-agents-md-schema.js';

const VERBS = { read: 'Read', write: 'Write', append: 'Append to' } as const;

/** How update_agents_md shows a call (read, write or append) and its result (the file's text when read). */
export const UPDATE_AGENTS_MD_PRESENTATION: ToolPresentation<UpdateAgentsMdInput, UpdateAgentsMdOutput> = {
  call: (input) => ({
    title: `${VERBS[input.action ?? 'read']} AGENTS.md`,
    kind: input.action === 'write' || input.action === 'append' ? 'edit' : 'read',
  }),
  result(output) {
    if (output.action === 'read') {
      return output.exists
        ? { summary: `Read ${output.path}`, text: output.content }
        : { summary: `There is no ${output.path} yet (action write or append creates it).`, text: '' };
    }
    return { summary: `${output.action === 'append' ? 'Appended to' : 'Wrote'} ${output.path}` };
  },
};
