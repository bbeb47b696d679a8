// The server both sides of bench/mcp talk to: one cheap tool, as small as an MCP server gets.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'bench-echo', version: '1.0.0' });
server.registerTool(
  'echo',
  {
    description: 'Echoes its text.',
    inputSchema: z.object({ text: z.string(), times: z.number().int().min(1).max(10).optional() }).strict(),
    annotations: { readOnlyHint: true },
  },
  async ({ text, times }) => ({ content: [{ type: 'text', text: text.repeat(times ?? 1) }] }),
);
// `--delay <ms>` waits before serving, like a server that first fetches something or asks a remote.
const delay = process.argv.indexOf('--delay');
if (delay !== -1) await new Promise((resolve) => setTimeout(resolve, Number(process.argv[delay + 1])));
await server.connect(new StdioServerTransport());
