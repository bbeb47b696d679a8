#!/usr/bin/env node
// A tiny whole-process apply_patch for the benchmark (the real `toolgate` CLI lives in apps/cli):
// the patch is the last argument or stdin, the workspace is the cwd. Prints Codex's summary format;
// on failure, the message on stderr and exit 1. `--sync` adds the per-file flush (`syncWrites`; off
// by default, as Codex flushes nothing).
import { readFileSync } from 'node:fs';
import nodeModule from 'node:module';

// As the CLI does (apps/cli/src/bin.ts): Node's compile cache, before the packages load.
nodeModule.enableCompileCache?.();
const { createWorkspace } = await import('@toolgate/core');
const { applyPatch } = await import('@toolgate/tools-patch');

const args = process.argv.slice(2);
const sync = args[0] === '--sync';
if (sync) args.shift();
const patch = args.length > 0 ? args[args.length - 1] : readFileSync(0, 'utf8');
const result = await applyPatch(createWorkspace({ root: process.cwd() }), patch, { sync });
if (result.status !== 'success') {
  process.stderr.write(`${result.status === 'failure' ? result.error.message : result.reason}\n`);
  process.exit(1);
}
const changes = result.output.fileChanges;
const lines = [
  ...changes.filter((change) => change.operation === 'add').map((change) => `A ${change.path}`),
  ...changes
    .filter((change) => change.operation === 'update')
    .map((change) => `M ${change.movedTo ?? change.path}`),
  ...changes.filter((change) => change.operation === 'delete').map((change) => `D ${change.path}`),
];
process.stdout.write(`Success. Updated the following files:\n${lines.map((line) => `${line}\n`).join('')}`);
