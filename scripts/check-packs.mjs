// Packs every publishable package, lints it with publint, installs the tarballs into a clean
// temporary project with npm, and imports each package from there, so a broken `exports` map,
// a missing file or a wrong dependency fails CI.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
const packageDirs = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group)).map((name) => join(root, group, name)),
);
const packages = packageDirs
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => !manifest.private);

const work = mkdtempSync(join(tmpdir(), 'toolgate-packs-'));
const tarballs = join(work, 'tarballs');
mkdirSync(tarballs);
try {
  for (const { dir, manifest } of packages) {
    run('pnpm', ['exec', 'publint', '--strict', '--pack', 'pnpm', dir], root);
    const before = new Set(readdirSync(tarballs));
    run('pnpm', ['pack', '--pack-destination', tarballs], dir);
    const tarball = readdirSync(tarballs).find((file) => !before.has(file));
    if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${manifest.name}`);
    console.log(`packed ${manifest.name} → ${tarball}`);
  }
  const project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'pack-check', private: true, type: 'module' }),
  );
  const files = readdirSync(tarballs).map((file) => join(tarballs, file));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...files, 'zod@4'], project);
  const entryPoints = packages.flatMap(({ manifest }) =>
    Object.keys(manifest.exports ?? { '.': null })
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`)),
  );
  for (const name of entryPoints) {
    const exportsCount = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(name)}); console.log(Object.keys(m).length);`,
      ],
      project,
    ).trim();
    if (Number(exportsCount) === 0) throw new Error(`${name} imported from its tarball exports nothing`);
    console.log(`imported ${name} from a clean project: ${exportsCount} exports`);
  }
  const bin = join(project, 'node_modules', '.bin', 'toolgate');
  if (packages.some(({ manifest }) => manifest.bin?.toolgate)) {
    const tools = JSON.parse(run(bin, ['tools', '--json', '--no-mcp'], project));
    console.log(`toolgate from the tarball lists ${Array.isArray(tools) ? tools.length : '?'} tools`);
  }
  console.log('pack check: ok');
} finally {
  rmSync(work, { recursive: true, force: true });
}
