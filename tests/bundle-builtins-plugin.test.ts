import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { bundleBuiltinsPlugin } from '../scripts/bundle-builtins-plugin.mjs';

interface RenderChunk {
  renderChunk(code: string): { code: string } | null;
}
const plugin = bundleBuiltinsPlugin() as RenderChunk;
const render = (code: string) => plugin.renderChunk(code)?.code ?? code;

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** Runs rewritten chunk code as an ES module and returns what it printed. */
function runModule(code: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'toolgate-builtins-'));
  directories.push(directory);
  const file = join(directory, 'chunk.mjs');
  writeFileSync(file, code);
  const result = spawnSync(process.execPath, [file], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout;
}

describe('the bundle plugin that reads built-ins with process.getBuiltinModule', () => {
  it('turns named, renamed, default and bare imports of built-ins into reads', () => {
    const code = render(
      [
        'import { join, sep as separator } from "node:path";',
        'import fs, { constants } from "node:fs";',
        'import os from "os";',
        'import "node:util";',
        'console.log(join("a", "b"), separator, typeof fs.readFileSync, typeof constants.O_RDONLY, typeof os.homedir);',
      ].join('\n'),
    );
    expect(code).not.toMatch(/^import /m);
    expect(code).toContain('const { join, sep: separator } = process.getBuiltinModule("node:path");');
    expect(code).toContain('const fs = process.getBuiltinModule("node:fs");');
    expect(code).toContain('const os = process.getBuiltinModule("node:os");');
    expect(runModule(code)).toBe('a/b / function number function\n');
  });

  it('binds the plain functions of the heavy built-ins lazily and keeps constructors as they are', () => {
    const code = render(
      [
        'import { createHash, randomUUID as uuid } from "node:crypto";',
        'import { ReadStream, isatty } from "node:tty";',
        'import { Worker } from "node:worker_threads";',
        'import { execFile } from "node:child_process";',
        'console.log(createHash("sha256").update("x").digest("hex").length, uuid().length, isatty(99), typeof ReadStream.prototype.setRawMode, typeof Worker, typeof execFile[Symbol.for("nodejs.util.promisify.custom")]);',
      ].join('\n'),
    );
    expect(code).toContain(
      'const createHash = (...args) => process.getBuiltinModule("node:crypto").createHash(...args);',
    );
    expect(code).toContain(
      'const uuid = (...args) => process.getBuiltinModule("node:crypto").randomUUID(...args);',
    );
    // A constructor written as a function and a class stay eager.
    expect(code).toContain('const { ReadStream } = process.getBuiltinModule("node:tty");');
    expect(code).toContain('const { Worker } = process.getBuiltinModule("node:worker_threads");');
    // execFile's util.promisify.custom is forwarded: promisify(execFile) still resolves { stdout, stderr }.
    expect(code).toContain(
      'const execFile = Object.defineProperty((...args) => process.getBuiltinModule("node:child_process").execFile(...args)',
    );
    expect(runModule(code)).toBe('64 36 false function function function\n');
  });

  it('keeps util.promisify working on a forwarded execFile', () => {
    const code = render(
      [
        'import { execFile } from "node:child_process";',
        'import { promisify } from "node:util";',
        'const { stdout } = await promisify(execFile)(process.execPath, ["-e", "process.stdout.write(\'ok\')"]);',
        'console.log(stdout);',
      ].join('\n'),
    );
    expect(code).not.toMatch(/^import /m);
    expect(runModule(code)).toBe('ok\n');
  });

  it('serves fs/promises readers by their callback twins, so fs/promises loads only for the rest', () => {
    const directory = mkdtempSync(join(tmpdir(), 'toolgate-twins-'));
    directories.push(directory);
    writeFileSync(join(directory, 'file.txt'), 'text');
    symlinkSync(join(directory, 'file.txt'), join(directory, 'link'));
    const code = render(
      [
        'import { access, lstat, readdir, readFile, readlink, realpath as real, stat, open } from "node:fs/promises";',
        'import { homedir } from "node:os";',
        `const dir = ${JSON.stringify(directory)};`,
        'const loaded = () => process.moduleLoadList.includes("NativeModule fs/promises");',
        'await access(dir);',
        'const seen = [(await stat(dir + "/file.txt")).size, (await lstat(dir + "/link")).isSymbolicLink(),',
        '  (await readdir(dir)).sort().join(","), await readFile(dir + "/link", "utf8"),',
        '  (await readlink(dir + "/link")) === dir + "/file.txt", (await real(dir + "/link")) === dir + "/file.txt",',
        '  await stat(dir + "/missing").catch((error) => error.code + " " + error.syscall), loaded()];',
        'const handle = await open(dir + "/file.txt");',
        'await handle.close();',
        'console.log(seen.join(" "), loaded(), homedir() === process.env.HOME);',
      ].join('\n'),
    );
    expect(code).toContain(
      'const real = (...args) => new Promise((resolve, reject) => process.getBuiltinModule("node:fs").realpath.native(...args, (error, value) => (error ? reject(error) : resolve(value))));',
    );
    expect(code).toContain(
      'const open = (...args) => process.getBuiltinModule("node:fs/promises").open(...args);',
    );
    expect(code).toContain(
      'const homedir = (...args) => process.getBuiltinModule("node:os").homedir(...args);',
    );
    expect(runModule(code)).toBe('4 true file.txt,link text true true ENOENT stat false true true\n');
  });

  it('serves fs/promises changers by their callback twins too, with the same values and errors', () => {
    const twins = (directory: string) =>
      [
        'import { chmod, copyFile, link, lstat, mkdir, mkdtemp, readFile, rename, rm, rmdir, symlink, truncate, unlink, utimes, writeFile } from "node:fs/promises";',
        `const dir = ${JSON.stringify(directory)};`,
        'const loaded = () => process.moduleLoadList.includes("NativeModule fs/promises");',
        'const code = (promise) => promise.then(() => "ok", (error) => error.code + " " + error.syscall);',
        'const seen = [];',
        'seen.push(await mkdir(dir + "/a/b", { recursive: true }) === dir + "/a", await mkdir(dir + "/a/b", { recursive: true }));',
        'seen.push(await code(mkdir(dir + "/a")), (await mkdtemp(dir + "/t-")).startsWith(dir + "/t-"));',
        'const loadedBeforeWriteFile = loaded();',
        'await writeFile(dir + "/f", "0123456789");',
        'seen.push(await copyFile(dir + "/f", dir + "/g"), await code(copyFile(dir + "/f", dir + "/g", 1)));',
        'seen.push(await truncate(dir + "/g", 4), await readFile(dir + "/g", "utf8"));',
        'await chmod(dir + "/g", 0o600); seen.push(((await lstat(dir + "/g")).mode & 0o777).toString(8));',
        'await utimes(dir + "/g", 1000, 2000); seen.push((await lstat(dir + "/g")).mtimeMs);',
        'await link(dir + "/g", dir + "/h"); seen.push((await lstat(dir + "/h")).nlink, await code(link(dir + "/g", dir + "/h")));',
        'await symlink("g", dir + "/s"); seen.push((await lstat(dir + "/s")).isSymbolicLink());',
        'await rename(dir + "/h", dir + "/i"); seen.push(await code(rename(dir + "/h", dir + "/j")));',
        'await unlink(dir + "/i"); seen.push(await code(unlink(dir + "/i")));',
        'seen.push(await code(rmdir(dir + "/a")), await rmdir(dir + "/a/b"), await rm(dir + "/a", { recursive: true }));',
        'seen.push(await code(rm(dir + "/a")), await rm(dir + "/a", { force: true }));',
        'console.log(JSON.stringify(seen)); console.log(loadedBeforeWriteFile);',
      ].join('\n');
    const fresh = () => {
      const directory = mkdtempSync(join(tmpdir(), 'toolgate-twins-'));
      directories.push(directory);
      return directory;
    };
    const script = twins(fresh());
    const code = render(twins(fresh()));
    for (const name of ['mkdir', 'rename', 'unlink', 'link', 'rm'])
      expect(code).toContain(
        `const ${name} = (...args) => new Promise((resolve, reject) => process.getBuiltinModule("node:fs").${name}(`,
      );
    expect(code).toContain(
      'const writeFile = (...args) => process.getBuiltinModule("node:fs/promises").writeFile(...args);',
    );
    // The script as written (through fs/promises) gives the same values and errors, in a directory of its own.
    const [asWritten, loadedAsWritten] = runModule(script).trim().split('\n');
    const [rewritten, loadedRewritten] = runModule(code).trim().split('\n');
    expect(rewritten).toBe(asWritten);
    expect(JSON.parse(rewritten ?? '')).toContain('ENOENT rename');
    // Up to the first writeFile (which stays fs/promises'), the rewritten script has not loaded it.
    expect([loadedAsWritten, loadedRewritten]).toEqual(['true', 'false']);
  });

  it('leaves a namespace import, whose default is the module, as it is', () => {
    expect(
      plugin.renderChunk('import * as fs from "node:fs";\nconsole.log(fs.default === fs.default);'),
    ).toBeNull();
    expect(
      plugin.renderChunk('import fs, * as ns from "node:fs";\nconsole.log(fs === ns.default);'),
    ).toBeNull();
    expect(render('import os, { EOL } from "node:os";\nconsole.log(typeof os.homedir, EOL.length);')).toBe(
      'const os = process.getBuiltinModule("node:os");\nconst { EOL } = process.getBuiltinModule("node:os");\nconsole.log(typeof os.homedir, EOL.length);',
    );
  });

  it('leaves a chunk without built-in imports, and imports of other chunks, untouched', () => {
    const chunk =
      'import { t as tool } from "./tool-Bwb9xY1N.js";\nimport { z } from "zod";\nconsole.log(tool, z);';
    expect(plugin.renderChunk(chunk)).toBeNull();
  });
});
