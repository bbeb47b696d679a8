#!/usr/bin/env node
// A third toolgate host: one JSON request on stdin, its result as JSON on stdout.
//   {"tool": "read_file", "arguments": {"path": "README.md"}}    one call
//   {"prompt": "What does this repository do?"}                   one agent turn
// A script cannot ask a person: "allow": true answers every question "allow once", else each is
// refused. Rules, hooks, the audit log, trust, the sandbox and delegates come from the host kit,
// configured as for the toolgate CLI (the user's config file, the workspace's once trusted).
import { text } from 'node:stream/consumers';
import { openHostSession, resolveSessionSettings } from '@toolgate/host';

const request = JSON.parse(await text(process.stdin));
const notice = (line) => process.stderr.write(`${line}\n`);
const settings = await resolveSessionSettings({ root: process.cwd(), env: process.env, notice });
const session = await openHostSession(settings, {
  purpose: request.prompt === undefined ? { kind: 'call', tool: request.tool } : { kind: 'agent' },
  approver: async () => (request.allow === true ? 'allow_once' : 'reject_once'),
  answeredBy: 'script',
  env: process.env,
  notice,
});
try {
  if (request.prompt === undefined) {
    const call = { id: 'script-1', name: request.tool, arguments: request.arguments ?? {} };
    process.stdout.write(`${JSON.stringify(await session.surface.executor.execute(call))}\n`);
  } else {
    let answer = '';
    const turn = session.prompt(request.prompt);
    for await (const event of turn) if (event.type === 'text-delta') answer += event.text;
    const { stopReason } = await turn.result;
    process.stdout.write(`${JSON.stringify({ answer, stopReason })}\n`);
  }
} finally {
  await session.close();
}
