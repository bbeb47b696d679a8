// What both floors (node-floor.mjs, guarded-floor.mjs) share, so that they differ only by the
// guarantees: reading `{"patch": …}` from stdin and splitting the Update sections this bench's patch
// uses into hunks (` `/`-` lines are the old text, ` `/`+` the new), and replacing each hunk's old
// text by plain string search after the previous hunk. Not a tool; a yardstick.
import { readFileSync } from 'node:fs';

/** The patch on stdin as `[{ path, hunks: [{ old, new }] }]`. */
export function readUpdateSections() {
  const { patch } = JSON.parse(readFileSync(0, 'utf8'));
  const files = [];
  let hunk;
  for (const line of patch.split('\n')) {
    if (line.startsWith('*** Update File: ')) {
      hunk = undefined;
      files.push({ path: line.slice('*** Update File: '.length), hunks: [] });
    } else if (line.startsWith('***')) {
      hunk = undefined;
    } else if (line.startsWith('@@')) {
      hunk = { old: [], new: [] };
      files.at(-1).hunks.push(hunk);
    } else if (hunk) {
      const text = line.slice(1);
      if (line[0] !== '+') hunk.old.push(text);
      if (line[0] !== '-') hunk.new.push(text);
    }
  }
  return files;
}

/** `content` with each of `file`'s hunks applied in order; exits 1 when one is not found. */
export function applyHunks(file, content) {
  let from = 0;
  for (const { old, new: replacement } of file.hunks) {
    const oldText = `${old.join('\n')}\n`;
    const newText = `${replacement.join('\n')}\n`;
    const at = content.indexOf(oldText, from);
    if (at < 0) {
      process.stderr.write(`hunk not found in ${file.path}\n`);
      process.exit(1);
    }
    content = content.slice(0, at) + newText + content.slice(at + oldText.length);
    from = at + newText.length;
  }
  return content;
}
