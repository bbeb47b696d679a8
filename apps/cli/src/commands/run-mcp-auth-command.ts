import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { readVersion } from '../cli/read-version.js';
import { UsageError } from '../cli/usage-error.js';
import { openLoopbackRedirect } from './loopback-redirect.js';
import { openInBrowser } from './open-in-browser.js';

/** How long a person has to finish logging in in the browser. */
const LOGIN_TIMEOUT_MS = 5 * 60 * 1000;
const REDIRECT_PORT = 33418;

/**
 * `toolgate mcp login|logout|status <server>`: OAuth for one remote server of the session's MCP
 * config; `toolgate mcp trust <server>` accepts a server's changed tool definitions (the next
 * session pins what it lists). `login` opens the authorization page (`$BROWSER`, else the platform's opener; the URL
 * is printed either way) and receives the code on a loopback redirect; the tokens go to the
 * user's state directory (0600), by server URL. Nothing prints a token.
 */
export async function runMcpAuthCommand(io: CliIo, command: CommandOptions<'mcp-auth'>): Promise<ExitCode> {
  const { resolveSessionSettings } = await import('../cli/resolve-session-settings.js');
  const { mcpTokenFile, mcpToolPinsFile } = await import('@toolgate/host');
  const { createFileTokenStore, createFileToolPins, createMcpTools, loadMcpConfig, pinKey, tokenStoreKey } =
    await import('@toolgate/mcp');
  const settings = await resolveSessionSettings(io, command.options);
  if (settings.mcpConfigFile === undefined) {
    throw new UsageError(
      `No MCP config to find server ${JSON.stringify(command.server)} in (give --mcp-config FILE).`,
    );
  }
  const servers = (await loadMcpConfig(settings.mcpConfigFile, { env: io.env })).mcpServers;
  const config = Object.hasOwn(servers, command.server) ? servers[command.server] : undefined;
  if (config === undefined) {
    const names = Object.keys(servers);
    throw new UsageError(
      `No MCP server ${JSON.stringify(command.server)} in ${settings.mcpConfigFile}${names.length === 0 ? '' : ` (it has ${names.join(', ')})`}.`,
    );
  }
  if (command.action === 'trust') {
    const key = pinKey(config, settings.root);
    const forgotten = await createFileToolPins(mcpToolPinsFile(io.env)).forget(key);
    io.stdout.write(
      forgotten
        ? `mcp server ${JSON.stringify(command.server)}: its tool definitions will be pinned again as the next session lists them\n`
        : `mcp server ${JSON.stringify(command.server)}: no pinned definitions (the next session pins them)\n`,
    );
    return EXIT_CODES.success;
  }
  if (config.type === 'stdio') {
    throw new UsageError(
      `MCP server ${JSON.stringify(command.server)} runs over stdio; only remote servers log in.`,
    );
  }
  const store = createFileTokenStore(mcpTokenFile(io.env));
  const label = `mcp server ${JSON.stringify(command.server)} (${tokenStoreKey(config.url)})`;
  if (command.action === 'logout') {
    const removed = await store.remove(config.url);
    io.stdout.write(removed ? `${label}: logged out\n` : `${label}: was not logged in\n`);
    return EXIT_CODES.success;
  }
  if (command.action === 'status') {
    const stored = await store.read(config.url);
    const scope = stored?.tokens?.scope;
    io.stdout.write(
      stored?.tokens
        ? `${label}: logged in${scope ? ` (scope: ${scope})` : ''}${stored.tokens.refresh_token ? ', can refresh' : ''}\n`
        : `${label}: not logged in\n`,
    );
    return EXIT_CODES.success;
  }
  const redirect = await openLoopbackRedirect(REDIRECT_PORT);
  try {
    const tools = await createMcpTools({
      servers: { [command.server]: { ...config, startupTimeoutMs: LOGIN_TIMEOUT_MS } },
      clientInfo: { name: 'toolgate', version: readVersion() },
      auth: {
        store,
        redirectUrl: redirect.url,
        authorize: async (url, _redirectUrl, signal) => {
          io.stderr.write(`Open this page to log in to ${command.server}:\n  ${url.href}\n`);
          if (!openInBrowser(url.href, io.env)) io.stderr.write('(no browser found: open it yourself)\n');
          const state = url.searchParams.get('state') ?? '';
          return redirect.code(state, AbortSignal.any([signal, io.signal]));
        },
      },
    });
    const [status] = tools.status();
    await tools.close();
    if (status?.state !== 'connected') {
      io.stderr.write(`${label}: login failed: ${status?.reason ?? 'unknown reason'}\n`);
      return EXIT_CODES.toolFailure;
    }
    io.stdout.write(
      `${label}: logged in; ${status.tools.length} tool${status.tools.length === 1 ? '' : 's'}\n`,
    );
    return EXIT_CODES.success;
  } finally {
    await redirect.close();
  }
}
