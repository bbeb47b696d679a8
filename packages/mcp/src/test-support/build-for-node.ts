import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));
/** The repository's own TypeScript compiler (a root dev tool), run as a program. */
const TSC = join(PACKAGES, '../node_modules/typescript/bin/tsc');

async function sources(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => !/[/\\](test-support|testing)[/\\]/.test(file));
}

/**
 * Compiles core's and this package's sources to plain JavaScript, file by file (no type check and
 * no module resolution: typecheck does the checking), so a fixture host script can run them in a
 * child `node` process (Node 20 cannot load TypeScript) without a prior `build`, and always from
 * the current sources. The output lives under this package's `node_modules`, where the SDK and zod
 * resolve; `@toolgate/core` imports are pointed at the compiled core.
 * Returns the directory holding `core/src/index.js` and `mcp/src/index.js`.
 */
export async function buildForNode(): Promise<string> {
  const root = join(PACKAGES, 'mcp', 'node_modules', '.toolgate-test', String(process.pid));
  await rm(root, { recursive: true, force: true });
  const files = [
    ...(await sources(join(PACKAGES, 'core', 'src'))),
    ...(await sources(join(PACKAGES, 'mcp', 'src'))),
  ];
  await run(process.execPath, [
    TSC,
    ...['--outDir', root, '--rootDir', PACKAGES, '--noCheck', '--noResolve', '--verbatimModuleSyntax'],
    ...['--module', 'esnext', '--target', 'es2023', '--lib', 'es2023', '--typeRoots', join(root, 'no-types')],
    ...files,
  ]);
  const coreIndex = join(root, 'core', 'src', 'index.js');
  const entries = await readdir(join(root, 'mcp'), { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = join(entry.parentPath, entry.name);
    const core = relative(dirname(file), coreIndex);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/(from\s+)(['"])@toolgate\/core\2/g, `$1'${core}'`));
  }
  return root;
}
