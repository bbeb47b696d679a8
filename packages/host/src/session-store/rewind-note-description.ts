/**
 * What the model reads, before the person's next message, after the conversation was rewound:
 * the turns it remembers doing from `before` on were taken back.
 */
export function rewindNote(before: number, code: boolean): string {
  const files = code
    ? ' and the workspace files were restored to how they were before that turn'
    : '; the workspace files were not restored, so they may still hold changes from the removed turns';
  return `[toolgate: the person rewound this conversation to before their message number ${before}: what was said and done from there on was taken back${files}. Continue from here.]\n\n`;
}
