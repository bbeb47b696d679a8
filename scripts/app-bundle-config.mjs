import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { bundleBuiltinsPlugin } from './bundle-builtins-plugin.mjs';
import { collapseFacadesPlugin } from './collapse-facades-plugin.mjs';
import { lazyZodPlugin, ZOD_ENTRY_ID, ZOD_ENTRY_NAME } from './lazy-zod-plugin.mjs';

/**
 * What every session command loads: core and the stand-in for zod (`lazyZodPlugin`: zod itself
 * loads on first use, from the bundle's zod entry), the host's configuration, rules and session
 * assembly (with the built-in tool packages' factories and specs, which it imports), as one chunk
 * instead of some twenty (each file costs Node about half a millisecond to resolve, read and
 * link). Core imports only zod (here its stand-in), so nothing in it imports back from another
 * chunk. A group takes in everything the imports of what it captures reach, through a package's
 * index too, used or not: so no module here imports an index that reaches more than a listing
 * runs (the host's configuration reads the agent's constants from `@toolgate/agent/definitions`,
 * not from its index, which reaches the agent's loop), and the CLI's modules, which import
 * `@toolgate/host`'s index (the session store, the models, doctor), stay out of the group.
 */
const SESSION_MODULES =
  /packages[\\/](core|rules)[\\/]src[\\/]|scripts[\\/]lazy-zod\.mjs$|packages[\\/]host[\\/]src[\\/](config|rules|tool-modules|sandbox[\\/](sandbox-required-error|open-session-sandbox)|session[\\/](open-host-session|session-oversight|session-resources|create-session-surface|create-session-tools|create-built-in-tools|load-mcp-tools)|agents[\\/](agent-definition-error|load-agent-files))/;

/**
 * Modules under `SESSION_MODULES` that a command imports only when it needs them: the config
 * schemas, which build zod schemas, and the user-config writer. The group also takes in every
 * static import of what it captures, so captured they would load, and build, at every start.
 */
const LOADED_WHEN_NEEDED =
  /packages[\\/]host[\\/]src[\\/](config[\\/](toolgate-config-schema|user-config-schema|managed-settings-schema|write-user-config)|agents[\\/]agent-definition-schema)\.ts$/;

/**
 * The bash rules' command-line analysis (the analyzer, the wrapper grammars, the verdict on one
 * command): rules load it on the first command line they judge (`analyzeCommandLine`,
 * `decideCommand`), so it is a chunk of its own, which a listing and a call of another tool never
 * load. Every module of `packages/rules/src/bash/` is in it except those that compile rules and
 * check their specifiers (what `createPermissionRules` and `parsePermissionRules` import).
 */
const COMMAND_LINE_ANALYSIS = (id) =>
  /packages[\\/]rules[\\/]src[\\/]bash[\\/]/.test(id) &&
  !/[\\/](match-command-specifier|command-name|command-line-analysis|command-specifier-problem|analyze-command-line-on-first-call)\.ts$/.test(
    id,
  );

/**
 * The agent definitions and what a listing makes of them (the delegates' tools), in the `session`
 * chunk: a listing loads them at every start, and as a chunk of their own (10 KB) they cost it a
 * file more to resolve, read and link than the call and the MCP server pay to hold them.
 */
const DELEGATE_MODULES =
  /packages[\\/]host[\\/]src[\\/](session[\\/]list-delegate-tools|agents[\\/]resolve-agent-definitions)\.ts$/;

/**
 * The tsdown options of an app's bin (`apps/cli`, `apps/acp`): one ESM bundle of `src/bin.ts`
 * with our packages (read from their sources), zod and every other dependency inlined and
 * tree-shaken, so an install has no dependencies and resolves no modules (`onlyImport: []` fails
 * the build if the output would import anything but Node's built-ins). Code behind a dynamic
 * import lands in chunks of its own, loaded only when a command needs it (the code that runs a
 * tool, the MCP SDK, the agent, the providers). Two groups gather what is always loaded together:
 * the CLI's `main.ts` with what it imports (argument parsing, usage, exit codes) and the stream
 * colours, which is all `--version` loads, and `session` (`SESSION_MODULES`). A listing loads 6
 * files and a call of read_file 12 (with `bin.js`; bench/cli-startup): the CLI's own session
 * settings are a small file of their own, which the group cannot take in without
 * `@toolgate/host`'s index. `collapseFacadesPlugin` points a dynamic import of a grouped module at
 * its group's chunk, where rolldown would load a facade chunk first.
 *
 * The output is ASCII with no comments but legal notices: Node decodes a file with one non-ASCII
 * character, even in a comment, into a two-byte string, which costs reading, hashing and scanning
 * time at every start (about 9 ms of `toolgate tools` here). Names and layout stay readable; the
 * bundle is not minified, which measured no faster.
 *
 * zod is an entry of its own, `chunks/zod.js`, which our sources' `z` (a stand-in,
 * `scripts/lazy-zod.mjs`) loads on its first use: a listing, which builds no schema, loads none of
 * zod's modules; a call loads them to validate its arguments.
 *
 * The shell parser's WebAssembly (the tree-sitter runtime and the bash grammar) cannot be inlined:
 * it is copied beside the chunks, where @toolgate/rules looks for it first.
 *
 * The app's version (its package.json's, read from the directory tsdown builds in) is written into
 * the bundle as `TOOLGATE_BUILD_VERSION`: `--version` and the protocols' handshakes report it
 * without reading a file.
 */
export function appBundleConfig() {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const fromRules = createRequire(join(import.meta.dirname, '../packages/rules/package.json'));
  const wasm = [
    fromRules.resolve('web-tree-sitter/web-tree-sitter.wasm'),
    join(dirname(fromRules.resolve('tree-sitter-bash/package.json')), 'tree-sitter-bash.wasm'),
  ];
  return {
    entry: { bin: 'src/bin.ts', [ZOD_ENTRY_NAME]: ZOD_ENTRY_ID },
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    outDir: 'dist',
    clean: true,
    dts: false,
    sourcemap: false,
    fixedExtension: false,
    define: { TOOLGATE_BUILD_VERSION: JSON.stringify(version) },
    deps: { onlyBundle: false, onlyImport: [] },
    inputOptions: {
      preserveEntrySignatures: 'allow-extension',
      resolve: { conditionNames: ['@toolgate/source', 'node', 'import', 'module', 'default'] },
    },
    outputOptions: {
      chunkFileNames: 'chunks/[name]-[hash].js',
      charset: 'ascii',
      comments: { legal: true, annotation: false, jsdoc: false },
      codeSplitting: {
        groups: [
          // What a bin runs before it imports the rest (Node's compile cache): its own small chunk,
          // which the bin imports statically, not the session chunk that it must precede.
          {
            name: 'start',
            priority: 3,
            test: /packages[\\/]host[\\/]src[\\/]compile-cache[\\/]enable-user-compile-cache\.ts$/,
          },
          // With the stream colours every session command uses (no imports of their own), which
          // would otherwise be a file of their own: they import nothing of the session's.
          {
            name: 'main',
            priority: 2,
            test: /apps[\\/]cli[\\/]src[\\/](main|commands[\\/]command-context)\.ts$/,
          },
          {
            name: 'session',
            priority: 1,
            test: (id) =>
              (SESSION_MODULES.test(id) || DELEGATE_MODULES.test(id)) &&
              !LOADED_WHEN_NEEDED.test(id) &&
              !COMMAND_LINE_ANALYSIS(id),
          },
          { name: 'command-line-analysis', priority: 1, test: COMMAND_LINE_ANALYSIS },
        ],
      },
    },
    plugins: [lazyZodPlugin(), bundleBuiltinsPlugin(), collapseFacadesPlugin()],
    copy: [{ from: wasm, to: 'dist/chunks' }],
  };
}
