import { privateJsonFile } from '../internal/private-json-file.js';
import type { McpToolPins } from './mcp-tool-pins.js';

type PinFile = { readonly version: 1; readonly servers: Record<string, Record<string, string>> };

function isPinFile(value: unknown): value is PinFile {
  const file = value as Partial<PinFile> | undefined;
  return (
    typeof file === 'object' &&
    file !== null &&
    file.version === 1 &&
    typeof file.servers === 'object' &&
    file.servers !== null
  );
}

/** Tool pins in one JSON file of the user's state directory (mode 0600), by server identity. */
export function createFileToolPins(file: string): McpToolPins {
  const json = privateJsonFile(
    file,
    'MCP tool pins file',
    (): PinFile => ({ version: 1, servers: {} }),
    isPinFile,
  );
  return {
    read: () => json.update((data) => ({ result: data.servers })),
    write: (server, digests) =>
      json.update((data) => ({
        data: { version: 1, servers: { ...data.servers, [server]: { ...digests } } },
        result: undefined,
      })),
    forget: (server) =>
      json.update((data) => {
        if (!Object.hasOwn(data.servers, server)) return { result: false };
        const servers = { ...data.servers };
        delete servers[server];
        return { data: { version: 1, servers }, result: true };
      }),
  };
}
