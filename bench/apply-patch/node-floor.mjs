#!/usr/bin/env node
// The Node floor for the large case: what Node itself costs to apply this bench's patch as a whole
// process, with none of toolgate's guarantees. It reads `{"patch": …}` from stdin as the CLI does,
// parses only the Update sections this bench's patch uses (hunks split at `@@`, ` `/`-` lines are
// the old text, ` `/`+` lines the new), reads each file, replaces each hunk's old text by plain
// string search after the previous hunk, and writes the file back in place as Codex does: no
// temporary file, no rename, no workspace boundary, no read policy, no flush. Not a tool; a yardstick.
import { readFileSync, writeFileSync } from 'node:fs';
import { applyHunks, readUpdateSections } from './floor-patch.mjs';

const files = readUpdateSections();
const changed = [];
for (const file of files) {
  const content = applyHunks(file, readFileSync(file.path, 'utf8'));
  writeFileSync(file.path, content);
  changed.push(`M ${file.path}\n`);
}
process.stdout.write(`Success. Updated the following files:\n${changed.join('')}`);
