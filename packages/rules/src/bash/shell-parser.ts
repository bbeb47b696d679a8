import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Node, Parser } from 'web-tree-sitter';

let parser: Promise<Parser> | undefined;

/**
 * The bash grammar (tree-sitter-bash, compiled to WebAssembly), loaded once on first use so a
 * session without bash rules never pays for it.
 */
function loadParser(): Promise<Parser> {
  parser ??= (async () => {
    const { Parser: ParserClass, Language } = await import('web-tree-sitter');
    await ParserClass.init();
    const require = createRequire(import.meta.url);
    const grammarDirectory = dirname(require.resolve('tree-sitter-bash/package.json'));
    const language = await Language.load(join(grammarDirectory, 'tree-sitter-bash.wasm'));
    const instance = new ParserClass();
    instance.setLanguage(language);
    return instance;
  })();
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
