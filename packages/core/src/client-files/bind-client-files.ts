import type { AnyTool, ToolCallContext } from '../tool/tool.js';
import type { ClientFiles, ClientFilesUse } from './client-files.js';

/** What a tool that declared `use` may be given of `files`; a failing read counts as none (the disk is read). */
function grant(files: ClientFiles, use: ClientFilesUse): ClientFiles {
  const read = files.readTextFile;
  return {
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
}

/**
 * The tool with `files` in the context of each of its calls (prepare and execute), restricted to
 * what its spec declares (`clientFiles`); a tool that declares nothing is returned as it is. How a
 * host installs a client's files for a session, whichever package a tool comes from.
 */
export function bindClientFiles(tool: AnyTool, files: ClientFiles): AnyTool {
  const use = tool.clientFiles;
  if (use === undefined) return tool;
  const granted = grant(files, use);
  if (granted.readTextFile === undefined && granted.writeTextFile === undefined) return tool;
  const withFiles = <Context extends ToolCallContext>(context: Context): Context => ({
    ...context,
    clientFiles: granted,
  });
  const { prepare } = tool;
  return {
    ...tool,
    ...(prepare
      ? { prepare: (input: unknown, context: ToolCallContext) => prepare(input, withFiles(context)) }
      : {}),
    execute: (input, context) => tool.execute(input, withFiles(context)),
  };
}
