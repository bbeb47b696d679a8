import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { bundleBuiltinsPlugin } from './bundle-builtins-plugin.mjs';

/**
 * What every session command loads beside core: the host's configuration, rules and session
 * assembly (with the built-in tool packages' factories and specs, which it imports) and the CLI's
 * command context, as one chunk instead of a dozen (each module costs Node about half a
 * millisecond to resolve, load and link). The modules a command imports only when it
 * needs them (the config schemas, which build zod schemas; the user-config writer) stay out: the
 * group also takes in every static import of what it captures, and captured they would load at
 * every start.
 */
const SESSION_MODULES =
  /apps[\\/]cli[\\/]src[\\/](commands[\\/]command-context|cli[\\/]resolve-session-settings)\.ts$|packages[\\/]host[\\/]src[\\/](config|rules|tool-modules|sandbox[\\/](sandbox-required-error|open-session-sandbox)|session[\\/](create-session-tools|create-built-in-tools|load-mcp-tools)|agents[\\/](agent-definition-error|load-agent-files))|packages[\\/]rules[\\/]src[\\/]/;
const LOADED_WHEN_NEEDED = /-schema\.ts$|[\\/]write-user-config\.ts$/;

/**
 * The tsdown options of an app's bin (`apps/cli`, `apps/acp`): one ESM bundle of `src/bin.ts`
 * with our packages (read from their sources), zod and every other dependency inlined and
 * tree-shaken, so an install has no dependencies and resolves no modules (`onlyImport: []` fails
 * the build if the output would import anything but Node's built-ins). Code behind a dynamic
 * import lands in chunks of its own, loaded only when a command needs it. Core and zod, which
 * every command needs, form one chunk: left to itself the bundler cuts them into a dozen small
 * shared chunks, and each module costs Node about half a millisecond to resolve, load and link
 * (bench/cli-startup). The group is closed under imports (core imports only zod), so no chunk
 * cycle can form around it. The CLI's `main.ts` and what it imports (argument parsing, usage,
 * exit codes) form another, and the session modules a third (`SESSION_MODULES`).
 *
 * The output is ASCII with no comments but legal notices: Node decodes a file with one non-ASCII
 * character, even in a comment, into a two-byte string, which costs reading, hashing and scanning
 * time at every start (about 9 ms of `toolgate tools` here). Names and layout stay readable; the
 * bundle is not minified, which measured no faster.
 *
 * The shell parser's WebAssembly (the tree-sitter runtime and the bash grammar) cannot be inlined:
 * it is copied beside the chunks, where @toolgate/rules looks for it first.
 */
export function appBundleConfig() {
  const fromRules = createRequire(join(import.meta.dirname, '../packages/rules/package.json'));
  const wasm = [
    fromRules.resolve('web-tree-sitter/web-tree-sitter.wasm'),
    join(dirname(fromRules.resolve('tree-sitter-bash/package.json')), 'tree-sitter-bash.wasm'),
  ];
  return {
    entry: ['src/bin.ts'],
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    outDir: 'dist',
    clean: true,
    dts: false,
    sourcemap: false,
    fixedExtension: false,
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
          { name: 'core', priority: 2, test: /packages[\\/]core[\\/]src[\\/]|node_modules[\\/]zod[\\/]/ },
          { name: 'main', priority: 3, test: /apps[\\/]cli[\\/]src[\\/]main\.ts$/ },
          {
            name: 'session',
            priority: 1,
            test: (id) => SESSION_MODULES.test(id) && !LOADED_WHEN_NEEDED.test(id),
          },
        ],
      },
    },
    plugins: [bundleBuiltinsPlugin()],
    copy: [{ from: wasm, to: 'dist/chunks' }],
  };
}
