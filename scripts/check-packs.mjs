// Packs every publishable package, lints it with publint, installs the tarballs into a clean
// temporary project with npm, and imports each package from there, so a broken `exports` map,
// a missing file or a wrong dependency fails CI. The CLI's tarball is also installed alone, since
// its bundle must need nothing else.
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
  // The CLI is one bundle with no dependencies: its tarball alone, in a project of its own, must run.
  const cli = packages.find(({ manifest }) => manifest.bin?.toolgate);
  if (cli) {
    const alone = join(work, 'cli-alone');
    mkdirSync(alone);
    writeFileSync(join(alone, 'package.json'), JSON.stringify({ name: 'cli-alone', private: true }));
    const tarball = files.find((file) => file.includes(cli.manifest.name.replace('@', '').replace('/', '-')));
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], alone);
    const installed = readdirSync(join(alone, 'node_modules')).filter((name) => !name.startsWith('.'));
    if (installed.join() !== '@toolgate')
      throw new Error(`the CLI tarball pulled in ${installed.join(', ')}`);
    for (const dir of [project, alone]) {
      const bin = join(dir, 'node_modules', '.bin', 'toolgate');
      const tools = JSON.parse(run(bin, ['tools', '--json', '--no-mcp'], dir));
      console.log(
        `toolgate from the tarball (${dir === alone ? 'installed alone' : 'with every package'}) lists ${Array.isArray(tools) ? tools.length : '?'} tools`,
      );
    }
    // The shell parser's WebAssembly ships in the bundle: a bash rule is judged, not refused for
    // want of a parser.
    const rulesFile = join(alone, 'rules.json');
    writeFileSync(rulesFile, JSON.stringify({ permissions: { deny: ['bash(rm:*)'] } }));
    const explained = JSON.parse(
      run(
        join(alone, 'node_modules', '.bin', 'toolgate'),
        [
          'call',
          'bash',
          '{"action":"exec","command":"ls && rm x"}',
          '--explain',
          '--json',
          '--no-mcp',
          '--config',
          rulesFile,
        ],
        alone,
      ),
    );
    if (explained.explain?.verdict?.rule?.text !== 'bash(rm:*)')
      throw new Error(`toolgate from the tarball did not judge a bash rule: ${JSON.stringify(explained)}`);
    console.log('toolgate from the tarball judges bash rules with its bundled shell parser');
  }
  // The ACP agent from its tarball answers `initialize` on stdin and exits when stdin closes.
  if (packages.some(({ manifest }) => manifest.bin?.['toolgate-acp'])) {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: 1, clientCapabilities: {} },
    };
    const output = execFileSync(join(project, 'node_modules', '.bin', 'toolgate-acp'), [], {
      cwd: project,
      input: `${JSON.stringify(initialize)}\n`,
      stdio: ['pipe', 'pipe', 'inherit'],
      encoding: 'utf8',
      timeout: 30_000,
    });
    const reply = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((message) => message.id === 1);
    if (reply?.result?.protocolVersion !== 1)
      throw new Error(`toolgate-acp from the tarball answered initialize with ${output.slice(0, 500)}`);
    console.log('toolgate-acp from the tarball answers initialize (protocol version 1)');
  }
  console.log('pack check: ok');
} finally {
  rmSync(work, { recursive: true, force: true });
}
