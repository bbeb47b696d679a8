import { posix } from 'node:path';

/** `export { a as b, c } from "./x.js";`: the one statement of a re-export facade. */
const RE_EXPORT = /^export\s*\{([^}]*)\}\s*from\s*"([^"]+)";$/;
/** `import "./x.js";` followed by `export {};`: the facade of a module that exports nothing. */
const SIDE_EFFECT_IMPORT = /^import\s*"([^"]+)";$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * What a chunk re-exports when it is only a facade over one other chunk: its target (a path as
 * written in the chunk) and the names it exports with the target's names behind them, or
 * `undefined` for a chunk with any other content.
 */
export function facadeOf(code) {
  const lines = code
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 2 && lines[1] === 'export {};') {
    const target = SIDE_EFFECT_IMPORT.exec(lines[0])?.[1];
    return target === undefined ? undefined : { target, exports: [] };
  }
  if (lines.length !== 1) return undefined;
  const match = RE_EXPORT.exec(lines[0]);
  if (!match) return undefined;
  const exports = [];
  for (const part of match[1].split(',').map((piece) => piece.trim())) {
    if (part === '') continue;
    const [imported, exported = imported, ...rest] = part.split(/\s+as\s+/);
    if (rest.length > 0 || !IDENTIFIER.test(imported) || !IDENTIFIER.test(exported)) return undefined;
    exports.push({ imported, exported });
  }
  return { target: match[2], exports };
}

/** The relative specifier a chunk at `fromFile` writes for the chunk at `toFile` (both bundle paths). */
function specifierFrom(fromFile, toFile) {
  const relative = posix.relative(posix.dirname(fromFile), toFile);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** The dynamic import of `facade` rewritten to load its target and build the same named exports. */
function collapsedImport(specifier, exports) {
  const fields = exports.map(({ imported, exported }) => `${JSON.stringify(exported)}: n.${imported}`);
  return `import(${JSON.stringify(specifier)}).then(${fields.length === 0 ? '() => ({})' : `(n) => ({ ${fields.join(', ')} })`})`;
}

/**
 * A rolldown plugin for the apps' bins: a module that a group (`codeSplitting.groups`) put into a
 * shared chunk, and that code imports dynamically, gets a facade chunk of its own that only
 * re-exports it (rolldown/rolldown#9729), so the import loads two files where one would do; a
 * listing loaded two of them and a call three, each costing Node a resolve, a read and a module
 * job (bench/cli-startup). Each `import("./facade.js")` becomes an import of the chunk behind it
 * that picks out the same names, and a facade nothing imports any more is dropped from the output.
 * A facade some chunk imports statically, or whose dynamic imports are not all written the way
 * this plugin reads them, stays as it is.
 */
export function collapseFacadesPlugin() {
  return {
    name: 'toolgate:collapse-facades',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      for (const facade of chunks) {
        const found = facadeOf(facade.code);
        if (!found || facade.isEntry) continue;
        const targetFile = posix.join(posix.dirname(facade.fileName), found.target);
        if (!(targetFile in bundle)) continue;
        if (chunks.some((chunk) => chunk.imports.includes(facade.fileName))) continue;
        let complete = true;
        for (const importer of chunks) {
          if (!importer.dynamicImports.includes(facade.fileName)) continue;
          const written = `import(${JSON.stringify(specifierFrom(importer.fileName, facade.fileName))})`;
          if (!importer.code.includes(written)) {
            complete = false;
            continue;
          }
          importer.code = importer.code
            .split(written)
            .join(collapsedImport(specifierFrom(importer.fileName, targetFile), found.exports));
          importer.dynamicImports = importer.dynamicImports.map((file) =>
            file === facade.fileName ? targetFile : file,
          );
        }
        if (complete) delete bundle[facade.fileName];
      }
    },
  };
}
