import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node, Parser } from 'web-tree-sitter';

let parser: Promise<Parser> | undefined;

/** The runtime's and the grammar's WebAssembly files, by name. */
const RUNTIME_WASM = 'web-tree-sitter.wasm';
const GRAMMAR_WASM = 'tree-sitter-bash.wasm';

async function isFile(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a WebAssembly file is: next to this module when an app bundled it (and copied the files
 * beside its chunks), else in the installed package.
 */
async function locateWasm(name: string, installed: () => string): Promise<string> {
  const beside = fileURLToPath(new URL(name, import.meta.url));
  return (await isFile(beside)) ? beside : installed();
}

/**
 * The bash grammar (tree-sitter-bash, compiled to WebAssembly), loaded once on first use so a
 * session without bash rules never pays for it.
 */
function loadParser(): Promise<Parser> {
  parser ??= (async () => {
    const { Parser: ParserClass, Language } = await import('web-tree-sitter');
    const require = createRequire(import.meta.url);
    const runtime = await locateWasm(RUNTIME_WASM, () => require.resolve(`web-tree-sitter/${RUNTIME_WASM}`));
    await ParserClass.init({ locateFile: () => runtime });
    const grammar = await locateWasm(GRAMMAR_WASM, () =>
      join(dirname(require.resolve('tree-sitter-bash/package.json')), GRAMMAR_WASM),
    );
    const language = await Language.load(grammar);
    const instance = new ParserClass();
    instance.setLanguage(language);
    return instance;
  })();
  // A failed load is tried again on the next line rather than remembered.
  parser.catch(() => {
    parser = undefined;
  });
  return parser;
}

/**
 * Parses a command line and hands its root (or `undefined` when the grammar could not run) to
 * `read`. The tree lives in WebAssembly memory and is freed when `read` returns.
 */
export async function readShell<T>(text: string, read: (root: Node | undefined) => T): Promise<T> {
  const instance = await loadParser();
  const tree = instance.parse(text);
  try {
    return read(tree?.rootNode ?? undefined);
  } finally {
    tree?.delete();
  }
}
