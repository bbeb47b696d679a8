import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InvalidOptionsError } from '@toolgate/core';
import { type McpStoredAuthorization, type McpTokenStore, tokenStoreKey } from './mcp-token-store.js';

interface TokenFile {
  readonly version: 1;
  readonly servers: Record<string, McpStoredAuthorization>;
}

/**
 * A token store in one JSON file (the host puts it in the user's state directory, never in a
 * workspace): created with mode 0600 in a directory made 0700, replaced whole on every write (a
 * temporary file renamed over it), and refused when others may read it.
 */
export function createFileTokenStore(file: string): McpTokenStore {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const load = async (): Promise<TokenFile> => {
    let text: string;
    try {
      const info = await stat(file);
      if ((info.mode & 0o077) !== 0) {
        throw new InvalidOptionsError(
          `The MCP token file ${file} may be read by other users (mode ${(info.mode & 0o777).toString(8)}); run chmod 600 on it.`,
        );
      }
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, servers: {} };
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as Partial<TokenFile>;
      if (parsed.version !== 1 || typeof parsed.servers !== 'object' || parsed.servers === null)
        throw new Error('bad shape');
      return { version: 1, servers: Object.assign(Object.create(null), parsed.servers) };
    } catch {
      throw new InvalidOptionsError(`The MCP token file ${file} is not valid; remove it and log in again.`);
    }
  };

  const save = async (data: TokenFile): Promise<void> => {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      await chmod(temporary, 0o600);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  };

  return {
    read: (url) => serial(async () => (await load()).servers[tokenStoreKey(url)]),
    write: (url, update) =>
      serial(async () => {
        const data = await load();
        const key = tokenStoreKey(url);
        const merged: Record<string, unknown> = { ...data.servers[key], ...update };
        for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
        data.servers[key] = merged as McpStoredAuthorization;
        await save(data);
      }),
    remove: (url) =>
      serial(async () => {
        const data = await load();
        const key = tokenStoreKey(url);
        if (data.servers[key] === undefined) return false;
        delete data.servers[key];
        await save(data);
        return true;
      }),
  };
}
