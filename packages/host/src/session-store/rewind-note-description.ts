import type { RewindScope } from './session-record.js';

/**
 * What the model reads, before the person's next message, after a rewind: the conversation from
 * message `before` on was taken back, the files were restored to how they were before it, or both.
 */
export function rewindNote(before: number, scope: RewindScope): string {
  if (!scope.conversation)
    return `[toolgate: the person restored the workspace files to how they were before their message number ${before}: the changes made since then (by you or by them) are undone, though the conversation still tells of them. Read the files again before relying on them.]\n\n`;
  const files = scope.code
    ? ' and the workspace files were restored to how they were before that turn'
    : '; the workspace files were not restored, so they may still hold changes from the removed turns';
  return `[toolgate: the person rewound this conversation to before their message number ${before}: what was said and done from there on was taken back${files}. Continue from here.]\n\n`;
}
