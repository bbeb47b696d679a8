import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** Our own sources (a workspace package's or app's `src`), the only importers given the stand-in. */
const OUR_SOURCES = /[\\/](packages|apps)[\\/][^\\/]+[\\/]src[\\/]/;

/** The bundle's entry of the real zod, beside the chunks, where the stand-in loads it from. */
export const ZOD_ENTRY_NAME = 'chunks/zod';

/** That entry's module: `z` with the members of the real `z` that our sources read. */
export const ZOD_ENTRY_ID = 'toolgate:zod-entry';

const REPO = join(import.meta.dirname, '..');

/** TypeScript's own stripping of types, so that no type-only name (`z.output<T>`) counts as read. */
const TRANSPILE = {
  compilerOptions: {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ESNext,
    verbatimModuleSyntax: true,
  },
};

/**
 * The uses of the identifier `z` in JavaScript `code` that are neither its import nor the object
 * of a member read (`z.object`): each as a few characters around it.
 */
export function bareUsesOfZ(code) {
  const file = ts.createSourceFile('module.js', code, ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && node.text === 'z') {
      const parent = node.parent;
      const memberRead = ts.isPropertyAccessExpression(parent) && parent.expression === node;
      const memberName = ts.isPropertyAccessExpression(parent) && parent.name === node;
      const keyName =
        (ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && parent.name === node;
      if (!memberRead && !memberName && !keyName) found.push(parent.getText(file).slice(0, 60));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The files under each workspace package's and app's `src` (tests aside) that import zod, as
 * JavaScript: their types stripped. The build fails on a file that imports it as anything but
 * `import { z } from 'zod'`, whose reads the scan would not see.
 */
function sourcesImportingZod() {
  const files = [];
  for (const group of ['packages', 'apps'])
    for (const name of readdirSync(join(REPO, group))) {
      const src = join(REPO, group, name, 'src');
      const entries = readdirSync(src, { recursive: true, withFileTypes: true });
      for (const entry of entries)
        if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
          if (!text.includes("from 'zod'")) continue;
          const code = ts.transpileModule(text, TRANSPILE).outputText;
          if (code.split(/from ['"]zod['"]/).length !== code.split("import { z } from 'zod'").length)
            throw new Error(
              `${join(entry.parentPath, entry.name)}: import zod as \`import { z } from 'zod'\``,
            );
          const where = join(entry.parentPath, entry.name);
          for (const bare of bareUsesOfZ(code))
            throw new Error(
              `${where}: zod's \`z\` is used other than as \`z.<member>\` (${JSON.stringify(bare)}); the bundle's lazy zod sees only member reads`,
            );
          files.push(code);
        }
    }
  return files;
}

/**
 * The members of zod's `z` that our sources read (`z.object`, `z\n  .array`): every `z.<name>` in
 * the code of a file that imports zod, kept if the real `z` has it. Any other use of `z` (`z[name]`,
 * `const { object } = z`, `z` passed to a function) fails the build (`sourcesImportingZod`).
 */
function zodMembersRead(realKeys) {
  const names = new Set();
  for (const text of sourcesImportingZod())
    for (const match of text.matchAll(/\bz\s*\.\s*([A-Za-z_$][\w$]*)/g)) names.add(match[1]);
  return [...names].filter((name) => realKeys.has(name)).sort();
}

/**
 * Resolves `zod` imported from our sources to the stand-in of `scripts/lazy-zod.mjs`, which loads
 * the bundle's `ZOD_ENTRY_NAME` entry (`ZOD_ENTRY_ID`) on its first use: a command that builds no
 * schema and validates nothing (a listing) loads no zod. That entry is a `z` of only the members
 * our sources read, so the bundle tree-shakes the rest (zod's 63 locales among them) as it did
 * with static imports. The dependencies' imports of zod, all behind dynamic imports, resolve to
 * the real modules, which the bundle shares with that entry.
 */
export function lazyZodPlugin() {
  const standIn = join(import.meta.dirname, 'lazy-zod.mjs');
  const fromApp = createRequire(join(process.cwd(), 'package.json'));
  const members = zodMembersRead(new Set(Object.keys(fromApp('zod').z)));
  const manifest = fromApp.resolve('zod/package.json');
  const esmEntry = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).exports['.'].import);
  const fromOurSources = (importer) =>
    importer !== undefined && OUR_SOURCES.test(importer) && !importer.includes('node_modules');
  return {
    name: 'toolgate:lazy-zod',
    resolveId(source, importer) {
      if (source === ZOD_ENTRY_ID) return ZOD_ENTRY_ID;
      return source === 'zod' && fromOurSources(importer) ? standIn : undefined;
    },
    load(id) {
      if (id !== ZOD_ENTRY_ID) return undefined;
      return [
        `import { z as zod } from ${JSON.stringify(esmEntry)};`,
        `export const z = Object.freeze({ ${members.map((name) => `${name}: zod.${name}`).join(', ')} });`,
      ].join('\n');
    },
  };
}
