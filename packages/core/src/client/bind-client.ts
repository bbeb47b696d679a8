import type { AnyTool, ToolCallContext } from '../tool/tool.js';
import type { ClientFiles, ClientFilesUse } from './client-files.js';
import type { ClientTerminals } from './client-terminals.js';

/** What a client (an editor) lends a session's tools: its files and its terminals. */
export interface EditorClient {
  readonly files?: ClientFiles | undefined;
  readonly terminals?: ClientTerminals | undefined;
  /** Shows a running call's output so far (`context.onOutput`, lent to every tool: it reads nothing). */
  readonly output?: ((callId: string, text: string) => void) | undefined;
}

/** What a tool that declared `use` may be given of `files`; a failing read counts as none (the disk is read). */
function grantFiles(
  files: ClientFiles | undefined,
  use: ClientFilesUse | undefined,
): ClientFiles | undefined {
  if (!files || !use) return undefined;
  const read = files.readTextFile;
  const granted: ClientFiles = {
    ...(read
      ? {
          readTextFile: async (realPath: string, signal: AbortSignal) => {
            try {
              const text = await read(realPath, signal);
              return typeof text === 'string' ? text : undefined;
            } catch {
              return undefined;
            }
          },
        }
      : {}),
    ...(use === 'read-write' && files.writeTextFile ? { writeTextFile: files.writeTextFile } : {}),
  };
  return granted.readTextFile || granted.writeTextFile ? granted : undefined;
}

/**
 * The tool with the client's files and terminals in the context of each of its calls (prepare and
 * execute), only what its spec declares (`clientFiles`, `clientTerminals`), and its `output` (a
 * call's output so far) to every tool; a tool given nothing is returned as it is. How a host installs an editor's files and
 * terminals for a session, whichever package a tool comes from.
 */
export function bindClient(tool: AnyTool, client: EditorClient): AnyTool {
  const files = grantFiles(client.files, tool.clientFiles);
  const terminals = tool.clientTerminals ? client.terminals : undefined;
  const { output } = client;
  if (!files && !terminals && !output) return tool;
  const lend = <Context extends ToolCallContext>(context: Context): Context => ({
    ...context,
    ...(files ? { clientFiles: files } : {}),
    ...(terminals ? { clientTerminals: terminals } : {}),
    ...(output ? { onOutput: (text: string) => output(context.callId, text) } : {}),
  });
  const { prepare } = tool;
  return {
    ...tool,
    ...(prepare
      ? { prepare: (input: unknown, context: ToolCallContext) => prepare(input, lend(context)) }
      : {}),
    execute: (input, context) => tool.execute(input, lend(context)),
  };
}
