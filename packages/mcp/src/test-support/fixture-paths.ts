import { fileURLToPath } from 'node:url';

/** The fixture MCP server script (modes: normal, fail, hang). */
export const FIXTURE_SERVER = fileURLToPath(new URL('./fixtures/fixture-server.mjs', import.meta.url));

/** The hand-written MCP server script (modes: odd, stuck). */
export const RAW_SERVER = fileURLToPath(new URL('./fixtures/raw-server.mjs', import.meta.url));

/** A stdio server config running the hand-written server in `mode`. */
export function rawServer(mode: 'odd' | 'stuck', env: Record<string, string> = {}) {
  return {
    type: 'stdio' as const,
    command: process.execPath,
    args: [RAW_SERVER, mode],
    env,
    disabled: false,
  };
}

/** The real third-party server, `@modelcontextprotocol/server-everything`, run over stdio. */
export const EVERYTHING_SERVER = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

/** A stdio server config running the fixture in `mode`. */
export function fixtureServer(mode = 'normal', env: Record<string, string> = {}) {
  return {
    type: 'stdio' as const,
    command: process.execPath,
    args: [FIXTURE_SERVER, mode],
    env,
    disabled: false,
  };
}

/** Waits until `check` returns true (polling), or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
