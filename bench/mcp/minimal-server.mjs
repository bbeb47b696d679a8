// A minimal MCP server without the SDK (plain JSON-RPC over stdio), so start-up is cheap in CPU and
// bench/mcp can show whether servers start in parallel. `--delay <ms>` waits before answering
// `initialize`, like a server that first fetches something or asks a remote.
import { createInterface } from 'node:readline';

const delayIndex = process.argv.indexOf('--delay');
const delay = delayIndex === -1 ? 0 : Number(process.argv[delayIndex + 1]);
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const tools = [
  {
    name: 'echo',
    description: 'Echoes its text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    annotations: { readOnlyHint: true },
  },
];

createInterface({ input: process.stdin }).on('line', async (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  if (message.method === 'initialize') {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    send({
      id: message.id,
      result: {
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'minimal', version: '1.0.0' },
      },
    });
  } else if (message.method === 'tools/list') {
    send({ id: message.id, result: { tools } });
  } else if (message.method === 'tools/call') {
    send({ id: message.id, result: { content: [{ type: 'text', text: message.params.arguments.text }] } });
  } else {
    send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
  }
});
