import { type AgentContext, type ClientCapabilities, methods } from '@agentclientprotocol/sdk';
import type { ClientFiles } from '@toolgate/core';

/**
 * The editor's files as the session's tools use them (`ClientFiles`), from what the client offered
 * in `initialize`: reads through `fs/read_text_file` when it offers `fs.readTextFile`, writes
 * through `fs/write_text_file` when it offers `fs.writeTextFile`; none when it offers neither. A
 * read the client answers with an error (a file it does not hold) is read from the disk instead.
 * Every path was checked by the workspace before it reaches here; the client is a transport.
 */
export function acpClientFiles(
  client: AgentContext,
  sessionId: string,
  capabilities: ClientCapabilities | undefined,
): ClientFiles | undefined {
  const fs = capabilities?.fs;
  const read = fs?.readTextFile === true;
  const write = fs?.writeTextFile === true;
  if (!read && !write) return undefined;
  return {
    ...(read
      ? {
          readTextFile: async (path: string, signal: AbortSignal) => {
            try {
              const response = await client.request(
                methods.client.fs.readTextFile,
                { sessionId, path },
                { cancellationSignal: signal, stopWaitingOnCancel: true },
              );
              return typeof response.content === 'string' ? response.content : undefined;
            } catch {
              return undefined;
            }
          },
        }
      : {}),
    ...(write
      ? {
          writeTextFile: async (path: string, content: string, signal: AbortSignal) => {
            await client.request(
              methods.client.fs.writeTextFile,
              { sessionId, path, content },
              { cancellationSignal: signal, stopWaitingOnCancel: true },
            );
          },
        }
      : {}),
  };
}
