import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORE_SOURCE = join(PACKAGE_ROOT, '../core/src');
const MCP_SOURCE = join(PACKAGE_ROOT, 'src');

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${join('src', 'test-support')}`));
}

async function transpileTree(
  source: string,
  target: string,
  rewrite: (text: string, file: string) => string,
) {
  for (const file of await sourceFiles(source)) {
    const output = ts.transpileModule(await readFile(file, 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: false,
      },
      fileName: file,
    }).outputText;
    const destination = join(target, relative(source, file)).replace(/\.ts$/, '.js');
    await mkdir(dirname(destination), { recursive: true });
    await writeFile(destination, rewrite(output, destination));
  }
}

/**
 * Transpiles core's and this package's sources to plain JavaScript, so a fixture host script can
 * run them in a child `node` process (Node 20 cannot load TypeScript) without a prior `build`.
 * The output lives under this package's `node_modules`, where the SDK and zod resolve.
 * Returns the directory holding `core/index.js` and `mcp/index.js`.
 */
export async function buildForNode(): Promise<string> {
  const root = join(PACKAGE_ROOT, 'node_modules', '.toolgate-test', String(process.pid));
  await rm(root, { recursive: true, force: true });
  await transpileTree(CORE_SOURCE, join(root, 'core'), (text) => text);
  await transpileTree(MCP_SOURCE, join(root, 'mcp'), (text, destination) => {
    const core = relative(dirname(destination), join(root, 'core', 'index.js'));
    return text.replace(/from '@toolgate\/core'/g, `from '${core.startsWith('.') ? core : `./${core}`}'`);
  });
  return root;
}
