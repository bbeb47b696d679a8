import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { collapseFacadesPlugin, facadeOf } from '../scripts/collapse-facades-plugin.mjs';

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
}
type Bundle = Record<string, Chunk>;
const plugin = collapseFacadesPlugin() as { generateBundle(options: unknown, bundle: Bundle): void };

const chunk = (fileName: string, code: string, links: Partial<Chunk> = {}): Chunk => ({
  type: 'chunk',
  fileName,
  code,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  ...links,
});

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** Writes a bundle's chunks to a temporary directory and runs its `bin.js`; returns what it printed. */
function runBundle(bundle: Bundle): string {
  const directory = mkdtempSync(join(tmpdir(), 'toolgate-facades-'));
  directories.push(directory);
  writeFileSync(join(directory, 'package.json'), '{"type":"module"}');
  for (const { fileName, code } of Object.values(bundle)) {
    mkdirSync(dirname(join(directory, fileName)), { recursive: true });
    writeFileSync(join(directory, fileName), code);
  }
  const result = spawnSync(process.execPath, [join(directory, 'bin.js')], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout;
}

/** A bin that imports a grouped chunk through two facades, as rolldown writes them. */
function facadedBundle(): Bundle {
  return {
    'bin.js': chunk(
      'bin.js',
      [
        'await import("./chunks/main-f.js");',
        'const { runTools } = await import("./chunks/tools-f.js");',
        'console.log(runTools(), globalThis.mainRan);',
      ].join('\n'),
      { isEntry: true, dynamicImports: ['chunks/main-f.js', 'chunks/tools-f.js'] },
    ),
    'chunks/main-f.js': chunk('chunks/main-f.js', 'import "./main.js";\nexport {};\n', {
      imports: ['chunks/main.js'],
    }),
    'chunks/main.js': chunk('chunks/main.js', 'globalThis.mainRan = "main ran";\nexport {};\n'),
    'chunks/tools-f.js': chunk('chunks/tools-f.js', 'export { t as runTools } from "./session.js";\n', {
      imports: ['chunks/session.js'],
    }),
    'chunks/session.js': chunk(
      'chunks/session.js',
      'const runTools = () => "tools";\nconst other = 1;\nexport { runTools as t, other as u };\n',
    ),
  };
}

describe('the bundle plugin that collapses re-export facades', () => {
  it('reads the two shapes rolldown writes, and nothing else', () => {
    expect(facadeOf('export { t as listDelegateTools, n as other } from "./delegates-A.js";\n')).toEqual({
      target: './delegates-A.js',
      exports: [
        { imported: 't', exported: 'listDelegateTools' },
        { imported: 'n', exported: 'other' },
      ],
    });
    expect(facadeOf('import "./main-B.js";\nexport {};\n')).toEqual({ target: './main-B.js', exports: [] });
    expect(facadeOf('export { t } from "./a.js";\nconsole.log(1);\n')).toBeUndefined();
    expect(facadeOf('import "./a.js";\nimport "./b.js";\nexport { t } from "./c.js";\n')).toBeUndefined();
    expect(facadeOf('export * from "./a.js";\n')).toBeUndefined();
    expect(facadeOf('export {};\n')).toBeUndefined();
  });

  it('points each dynamic import at the chunk behind its facade, drops the facades, and runs the same', () => {
    const before = runBundle(facadedBundle());
    const bundle = facadedBundle();
    plugin.generateBundle({}, bundle);
    expect(Object.keys(bundle).sort()).toEqual(['bin.js', 'chunks/main.js', 'chunks/session.js']);
    expect(bundle['bin.js']!.code).toContain(
      'import("./chunks/session.js").then((n) => ({ "runTools": n.t }))',
    );
    expect(bundle['bin.js']!.dynamicImports).toEqual(['chunks/main.js', 'chunks/session.js']);
    expect(runBundle(bundle)).toBe(before);
    expect(before).toBe('tools main ran\n');
  });

  it('keeps a facade that a chunk imports statically, or whose import it cannot find written out', () => {
    const bundle = facadedBundle();
    bundle['chunks/other.js'] = chunk('chunks/other.js', 'import { runTools } from "./tools-f.js";\n', {
      imports: ['chunks/tools-f.js'],
    });
    bundle['bin.js']!.code = bundle['bin.js']!.code.replace(
      'import("./chunks/main-f.js")',
      "import('./chunks/main-f.js')",
    );
    plugin.generateBundle({}, bundle);
    expect(Object.keys(bundle)).toContain('chunks/tools-f.js');
    expect(Object.keys(bundle)).toContain('chunks/main-f.js');
  });
});

// The CLI's bundle, when built: no chunk is a facade over another chunk that some chunk imports
// dynamically (each would cost a command one more file to resolve, read and link).
const CHUNKS = join(import.meta.dirname, '../apps/cli/dist/chunks');
describe.skipIf(!existsSync(CHUNKS))('the built CLI', () => {
  it('holds no re-export facade that a chunk imports dynamically', () => {
    const names = readdirSync(CHUNKS).filter((name) => name.endsWith('.js'));
    const codes = new Map(names.map((name) => [name, readFileSync(join(CHUNKS, name), 'utf8')]));
    const facades = names.filter((name) => facadeOf(codes.get(name)!) !== undefined);
    const bin = readFileSync(join(CHUNKS, '../bin.js'), 'utf8');
    const imported = facades.filter(
      (facade) =>
        bin.includes(`import("./chunks/${facade}")`) ||
        [...codes.values()].some((code) => code.includes(`import("./${facade}")`)),
    );
    expect(imported).toEqual([]);
  });
});
