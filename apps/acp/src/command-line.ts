import { readFileSync } from 'node:fs';

const USAGE = `Usage: toolgate-acp [--help | --version]

The toolgate agent for editors: speaks the Agent Client Protocol (ACP v1) on stdin and stdout.
An editor starts it; run by hand it waits for JSON-RPC on stdin.

The model comes from TOOLGATE_MODEL (provider:model: openai:…, anthropic:…, openai-compatible:…
with TOOLGATE_BASE_URL) in the environment the editor starts it with, else "model" in the user
config file ($XDG_CONFIG_HOME/toolgate/config.json, by default ~/.config/toolgate/config.json);
the key from OPENAI_API_KEY, ANTHROPIC_API_KEY or TOOLGATE_API_KEY. TOOLGATE_APPROVAL sets the
starting mode (manual, safe, auto).

Options:
  --help, -h     print this and exit
  --version, -v  print the version and exit
`;

/** The package's version, written into the bundle at build time (`define` in scripts/app-bundle-config.mjs). */
declare const TOOLGATE_BUILD_VERSION: string | undefined;

/** toolgate-acp's version: the one the bundle was built with (its package.json's); from source, `apps/acp/package.json`'s. */
function readVersion(): string {
  if (typeof TOOLGATE_BUILD_VERSION === 'string') return TOOLGATE_BUILD_VERSION;
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** What the command line asks for: speak ACP, or print and exit with a status (stdin never read). */
export type CommandLine =
  | { readonly kind: 'serve'; readonly version: string }
  | { readonly kind: 'exit'; readonly status: number; readonly stdout?: string; readonly stderr?: string };

/** Reads toolgate-acp's arguments: none to speak ACP, `--help` or `--version` to print; anything else is a usage error (status 2). */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const [first, ...rest] = argv;
  if (first === undefined) return { kind: 'serve', version: readVersion() };
  if (rest.length === 0 && (first === '--help' || first === '-h'))
    return { kind: 'exit', status: 0, stdout: USAGE };
  if (rest.length === 0 && (first === '--version' || first === '-v'))
    return { kind: 'exit', status: 0, stdout: `${readVersion()}\n` };
  return {
    kind: 'exit',
    status: 2,
    stderr: `toolgate-acp: unexpected argument ${JSON.stringify(argv.join(' '))}; it takes none (an editor starts it) or --help or --version.\n\n${USAGE}`,
  };
}
