#!/usr/bin/env node
// The Node floor for the large case: what Node itself costs to apply this bench's patch as a whole
// process, with none of toolgate's guarantees. It reads `{"patch": …}` from stdin as the CLI does,
// parses only the Update sections this bench's patch uses (hunks split at `@@`, ` `/`-` lines are
// the old text, ` `/`+` lines the new), reads each file, replaces each hunk's old text by plain
// string search after the previous hunk, and writes the file back in place as Codex does: no
// temporary file, no rename, no workspace boundary, no read policy, no flush. Not a tool; a yardstick.
import { readFileSync, writeFileSync } from 'node:fs';

const { patch } = JSON.parse(readFileSync(0, 'utf8'));
const lines = patch.split('\n');
const files = [];
let hunk;
for (const line of lines) {
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
const changed = [];
for (const file of files) {
  let content = readFileSync(file.path, 'utf8');
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
  writeFileSync(file.path, content);
  changed.push(`M ${file.path}\n`);
}
process.stdout.write(`Success. Updated the following files:\n${changed.join('')}`);
