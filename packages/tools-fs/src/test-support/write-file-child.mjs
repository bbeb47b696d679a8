// Runs one write_file call in a child process, from the built package (`pnpm build` first), so
// tests can kill it with SIGKILL mid-write or run it under a file-size limit.
// Usage: node write-file-child.mjs <root> <path> <mode> <byte count> <fill character>
import { createWorkspace } from '@toolgate/core';
import { createFsTools } from '@toolgate/tools-fs';

const [root, path, mode, size, fill] = process.argv.slice(2);
const tools = createFsTools({ workspace: createWorkspace({ root }) });
const input = { path, content: fill.repeat(Number(size)), mode };
const context = { callId: 'child', signal: new AbortController().signal };
const prepared = await tools.write_file.prepare(input, context);
if (prepared.status !== 'ready') {
  process.stdout.write(JSON.stringify(prepared));
} else {
  process.stdout.write('writing\n');
  const result = await tools.write_file.execute(input, { ...context, plan: prepared.plan });
  process.stdout.write(JSON.stringify(result));
}
