import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const packages = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group)).map((name) => {
    const dir = join(root, group, name);
    return { dir, group, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest };
  }),
);

/** What each package may depend on at run time (dependencies + peerDependencies). */
const ALLOWED: Record<string, readonly string[]> = {
  '@toolgate/core': ['zod'],
  '@toolgate/tools-fs': ['@toolgate/core', 'zod'],
  '@toolgate/tools-patch': ['@toolgate/core', 'zod'],
  '@toolgate/tools-shell': ['@toolgate/core', 'zod'],
  '@toolgate/tools-search': ['@toolgate/core', 'zod', 'fast-glob', 're2js'],
  '@toolgate/tools-agents-md': ['@toolgate/core', 'zod'],
  '@toolgate/mcp': ['@toolgate/core', 'zod', '@modelcontextprotocol/sdk'],
  '@toolgate/agent': ['@toolgate/core', 'zod', '@ai-sdk/provider'],
  // tools-shell only for the type of the seam it implements (checked below: `import type` only).
  '@toolgate/sandbox-bwrap': ['@toolgate/core', 'zod', '@toolgate/tools-shell'],
  '@toolgate/rules': ['web-tree-sitter', 'tree-sitter-bash'],
  // Node's fs only: the host composes it with the workspace's exclusions.
  '@toolgate/checkpoints': [],
};

/** Package edges allowed only for types: the source may use `import type`, nothing else. */
const TYPE_ONLY_EDGES: readonly string[] = ['@toolgate/sandbox-bwrap → @toolgate/tools-shell'];

/** Only the rules package parses shell. */
const SHELL_PARSER = ['web-tree-sitter', 'tree-sitter-bash'];

/**
 * Apps shipped as one bundle: everything they import is inlined at build time (their manifests
 * list it as devDependencies and the bundle may import only Node's built-ins), so their sources
 * may import their devDependencies.
 */
const BUNDLED_APPS = ['@toolgate/cli', '@toolgate/acp'];

/** Packages whose tests run real tools; they may list tool packages as devDependencies only. */
const TESTS_WITH_REAL_TOOLS = ['@toolgate/agent'];

/** The host kit composes everything under packages/. */
const HOST_KIT = '@toolgate/host';

/** Who may import the AI SDK's provider packages (`@ai-sdk/*`): the host kit picks models; the agent's tests use one. */
const AI_SDK_PROVIDER_USERS = [HOST_KIT, '@toolgate/agent'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory())
      return entry === 'node_modules' || entry === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry) ? [path] : [];
  });
}

function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const statements =
    /^\s*(?:import|export)\s[^;'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
  const specifiers = [...text.matchAll(statements)].map((match) => (match[1] ?? match[2] ?? match[3])!);
  return specifiers
    .filter(
      (specifier) =>
        !specifier.startsWith('.') && !specifier.startsWith('node:') && !builtinModules.includes(specifier),
    )
    .map((specifier) =>
      specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!,
    );
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');

const isTest = (file: string) => /\.test(-d)?\.ts$|[/\\](test|test-support|fixtures)[/\\]/.test(file);

describe('dependency rules (docs/architecture.md, "Layering")', () => {
  it('gives every package only the run-time dependencies its layer allows', () => {
    const violations = packages.flatMap(({ manifest }) => {
      const allowed = ALLOWED[manifest.name];
      if (!allowed) return [];
      const runtime = [
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
      ];
      return runtime.filter((name) => !allowed.includes(name)).map((name) => `${manifest.name} → ${name}`);
    });
    expect(violations).toEqual([]);
  });

  it('gives a bundled app no run-time dependencies: its bundle carries them', () => {
    const declared = packages
      .filter(({ manifest }) => BUNDLED_APPS.includes(manifest.name))
      .flatMap(({ manifest }) =>
        Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).map(
          (name) => `${manifest.name} → ${name}`,
        ),
      );
    expect(declared).toEqual([]);
  });

  it('lets no tool package depend on another tool package, and only apps and the host kit depend on everything', () => {
    const edges = packages
      .filter(({ group, manifest }) => group === 'packages' && manifest.name !== HOST_KIT)
      .flatMap(({ manifest }) =>
        Object.keys({
          ...manifest.dependencies,
          ...manifest.peerDependencies,
          ...(TESTS_WITH_REAL_TOOLS.includes(manifest.name) ? {} : manifest.devDependencies),
        })
          .filter((name) => name.startsWith('@toolgate/') && name !== '@toolgate/core')
          .map((name) => `${manifest.name} → ${name}`),
      )
      .filter((edge) => !TYPE_ONLY_EDGES.includes(edge));
    expect(edges).toEqual([]);
  });

  it('keeps type-only edges type-only in source', () => {
    const violations = TYPE_ONLY_EDGES.flatMap((edge) => {
      const [from, to] = edge.split(' → ') as [string, string];
      const owner = packages.find(({ manifest }) => manifest.name === from);
      if (!owner) return [`${from} is not a package`];
      return sourceFiles(join(owner.dir, 'src'))
        .filter((file) => !isTest(file))
        .filter((file) => {
          const text = withoutComments(readFileSync(file, 'utf8'));
          const valueImport = new RegExp(
            `^\\s*(?:import|export)\\s+(?!type\\s)[^;]*?from\\s+['"]${to}['"]|\\bimport\\(\\s*['"]${to}`,
            'm',
          );
          return valueImport.test(text);
        })
        .map((file) => `${relative(root, file)} imports ${to} for more than types`);
    });
    expect(violations).toEqual([]);
  });

  it('imports in source only what the manifest declares, the MCP SDK only in packages/mcp, the ACP SDK only in apps/acp, the AI SDK only in packages/agent and the shell parser only in packages/rules', () => {
    const violations = packages.flatMap(({ dir, manifest }) => {
      const runtime = new Set([
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
        ...(BUNDLED_APPS.includes(manifest.name) ? Object.keys(manifest.devDependencies ?? {}) : []),
      ]);
      const all = new Set([
        ...runtime,
        ...Object.keys(manifest.devDependencies ?? {}),
        'vitest',
        'fast-check',
      ]);
      return sourceFiles(join(dir, 'src')).flatMap((file) =>
        importedPackages(file)
          .filter((name) => name !== manifest.name)
          .filter(
            (name) =>
              !(isTest(file) ? all : runtime).has(name) ||
              (name === '@modelcontextprotocol/sdk' && manifest.name !== '@toolgate/mcp' && !isTest(file)) ||
              (name === '@agentclientprotocol/sdk' && manifest.name !== '@toolgate/acp') ||
              (name === 'ai' && manifest.name !== '@toolgate/agent') ||
              (SHELL_PARSER.includes(name) && manifest.name !== '@toolgate/rules') ||
              (name.startsWith('@ai-sdk/') && !AI_SDK_PROVIDER_USERS.includes(manifest.name)),
          )
          .map((name) => `${relative(root, file)} imports ${name}`),
      );
    });
    expect(violations).toEqual([]);
  });

  it('declares no run-time dependency that no source file imports (a test-only one is a devDependency)', () => {
    const unused = packages
      .filter(({ manifest }) => !BUNDLED_APPS.includes(manifest.name))
      .flatMap(({ dir, manifest }) => {
        const files = sourceFiles(join(dir, 'src')).filter((file) => !isTest(file));
        // A package read as a file (a WebAssembly grammar) is found with require.resolve.
        const resolved = files.flatMap((file) =>
          [...readFileSync(file, 'utf8').matchAll(/require\.resolve\(\s*['"]((?:@[^/'"]+\/)?[^/'"]+)/g)].map(
            (match) => match[1]!,
          ),
        );
        const imported = new Set([...files.flatMap((file) => importedPackages(file)), ...resolved]);
        // zod is a peer of every tool package by convention, so one core and one zod serve an app.
        const declared = [
          ...Object.keys(manifest.dependencies ?? {}),
          ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => name !== 'zod'),
        ];
        return declared.filter((name) => !imported.has(name)).map((name) => `${manifest.name} → ${name}`);
      });
    expect(unused).toEqual([]);
  });

  it('keeps the process streams and the terminal out of packages/', () => {
    const violations = packages
      .filter(({ group }) => group === 'packages')
      .flatMap(({ dir }) => sourceFiles(join(dir, 'src')).filter((file) => !isTest(file)))
      .filter((file) =>
        /process\.(stdin|stdout)\b|['"]\/dev\/tty['"]/.test(withoutComments(readFileSync(file, 'utf8'))),
      )
      .map((file) => relative(root, file));
    expect(violations).toEqual([]);
  });
});
