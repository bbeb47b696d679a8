import { privateJsonFile } from '../internal/private-json-file.js';
import { type McpStoredAuthorization, type McpTokenStore, tokenStoreKey } from './mcp-token-store.js';

interface TokenFile {
  readonly version: 1;
  readonly servers: Record<string, McpStoredAuthorization>;
}

function isTokenFile(value: unknown): value is TokenFile {
  const file = value as Partial<TokenFile> | undefined;
  return (
    typeof file === 'object' &&
    file !== null &&
    file.version === 1 &&
    typeof file.servers === 'object' &&
    file.servers !== null &&
    !Array.isArray(file.servers)
  );
}

/**
 * A token store in one JSON file (the host puts it in the user's state directory, never in a
 * workspace): created with mode 0600 in a directory made 0700, replaced whole on every write (a
 * temporary file renamed over it), and refused when others may read it.
 */
export function createFileTokenStore(file: string): McpTokenStore {
  const json = privateJsonFile(
    file,
    'MCP token file',
    (): TokenFile => ({ version: 1, servers: {} }),
    isTokenFile,
  );
  const entry = (data: TokenFile, url: string) =>
    Object.hasOwn(data.servers, tokenStoreKey(url)) ? data.servers[tokenStoreKey(url)] : undefined;
  return {
    read: (url) => json.update((data) => ({ result: entry(data, url) })),
    write: (url, update) =>
      json.update((data) => {
        const merged: Record<string, unknown> = { ...entry(data, url), ...update };
        for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
        return {
          data: {
            version: 1,
            servers: { ...data.servers, [tokenStoreKey(url)]: merged as McpStoredAuthorization },
          },
          result: undefined,
        };
      }),
    remove: (url) =>
      json.update((data) => {
        if (entry(data, url) === undefined) return { result: false };
        const servers = { ...data.servers };
        delete servers[tokenStoreKey(url)];
        return { data: { version: 1, servers }, result: true };
      }),
  };
}
