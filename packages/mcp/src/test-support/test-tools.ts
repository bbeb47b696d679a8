import { defineTool, implementTool, type ToolResult, toolFailure, toolSuccess } from '@toolgate/core';
import { z } from 'zod';

/** A read-only test tool. */
export const ECHO_SPEC = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  input: z.object({ text: z.string() }),
  kind: 'read',
  annotations: { readOnly: true },
  source: { type: 'custom', provider: 'test' },
});

/** A test tool that changes something (so safe mode asks), with a preview. */
export const SAVE_NOTE_SPEC = defineTool({
  name: 'save_note',
  description: 'Saves a note.',
  input: z.object({ title: z.string(), body: z.string().optional() }),
  kind: 'edit',
  source: { type: 'custom', provider: 'test' },
});

/** A test tool returning an array. */
export const LIST_SPEC = defineTool({
  name: 'list_notes',
  description: 'Lists the saved notes.',
  input: z.object({}),
  kind: 'search',
  source: { type: 'custom', provider: 'test' },
});

/** A test tool that waits until cancelled. */
export const WAIT_SPEC = defineTool({
  name: 'wait',
  description: 'Waits until cancelled.',
  input: z.object({}),
  kind: 'other',
  annotations: { readOnly: true },
  source: { type: 'custom', provider: 'test' },
});

/** The test tools, sharing one in-memory note list; `events` records what ran. */
export function createTestTools(events: string[] = []) {
  const notes: string[] = [];
  return [
    implementTool(ECHO_SPEC, { execute: async (input) => toolSuccess(input.text) }),
    implementTool(SAVE_NOTE_SPEC, {
      async prepare(input) {
        if (input.title === '')
          return toolFailure('invalid_title', 'The title is empty; give the note a title.');
        return { status: 'ready', plan: input.title, preview: { lines: [`Save note ${input.title}`] } };
      },
      async execute(input) {
        notes.push(input.title);
        events.push(`saved ${input.title}`);
        return toolSuccess({ saved: input.title, count: notes.length });
      },
    }),
    implementTool(LIST_SPEC, { execute: async () => toolSuccess([...notes]) }),
    implementTool(WAIT_SPEC, {
      execute: (_input, context) =>
        new Promise<ToolResult>((resolve) => {
          events.push('wait started');
          context.signal.addEventListener('abort', () => {
            events.push('wait aborted');
            resolve(toolFailure('aborted', 'wait was cancelled.'));
          });
        }),
    }),
  ];
}
