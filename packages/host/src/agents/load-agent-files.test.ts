import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentDefinitionError } from './agent-definition-error.js';
import { loadAgentFiles } from './load-agent-files.js';

let directory: string;
beforeEach(async () => {
  directory = join(await realpath(await mkdtemp(join(tmpdir(), 'toolgate-agent-files-'))), 'agents');
  await mkdir(directory);
});
afterEach(async () => {
  await rm(join(directory, '..'), { recursive: true, force: true });
});

const REVIEWER = `---
name: reviewer
description: Reviews a diff for bugs.
tools: read_file, grep
model: inherit
color: blue
---
You review diffs. Name each bug with its file and line.
`;

describe('loadAgentFiles', () => {
  it('reads every .md file in name order: front matter keys, and the body as the instructions', async () => {
    await writeFile(join(directory, 'reviewer.md'), REVIEWER);
    await writeFile(
      join(directory, 'a-tester.md'),
      '---\nname: tester\ndescription: Runs tests.\ntools: [bash]\nmaxSteps: 5\nreadOnly: false\n---\nRun the tests.\n',
    );
    await writeFile(join(directory, 'notes.txt'), 'not an agent');
    await mkdir(join(directory, 'nested.md'));
    expect(await loadAgentFiles(directory)).toEqual([
      {
        file: join(directory, 'a-tester.md'),
        definition: {
          name: 'tester',
          description: 'Runs tests.',
          tools: ['bash'],
          maxSteps: 5,
          readOnly: false,
          instructions: 'Run the tests.',
        },
      },
      {
        file: join(directory, 'reviewer.md'),
        definition: {
          name: 'reviewer',
          description: 'Reviews a diff for bugs.',
          tools: ['read_file', 'grep'],
          model: 'inherit',
          instructions: 'You review diffs. Name each bug with its file and line.',
        },
      },
    ]);
  });

  it('has no definitions when the directory does not exist', async () => {
    expect(await loadAgentFiles(join(directory, 'missing'))).toEqual([]);
  });

  it.each([
    ['a missing name', '---\ndescription: d\n---\nbody\n', 'missing key name (for example name: bad)'],
    ['a bad name', '---\nname: Bad Name\ndescription: d\n---\nbody\n', 'key name: expected a name of a-z'],
    ['a missing description', '---\nname: bad\n---\nbody\n', 'missing key description'],
    [
      'an unknown key',
      '---\nname: bad\ndescription: d\npermissionMode: auto\n---\nbody\n',
      'unknown key permissionMode; expected name, description, tools, model, maxSteps, readOnly',
    ],
    [
      'a bad maxSteps',
      '---\nname: bad\ndescription: d\nmaxSteps: many\n---\nbody\n',
      'key maxSteps: expected a number, got "many"',
    ],
    [
      'a bad readOnly',
      '---\nname: bad\ndescription: d\nreadOnly: yes\n---\nbody\n',
      'key readOnly: expected true or false, got "yes"',
    ],
    [
      'an empty body',
      '---\nname: bad\ndescription: d\n---\n\n',
      'the body (the instructions): expected non-empty instructions',
    ],
    ['no front matter', '# Bad\n', 'line 1: expected front matter'],
  ])('refuses a file with %s, naming the file and the key', async (_case, content, message) => {
    const file = join(directory, 'bad.md');
    await writeFile(file, content);
    const error = await loadAgentFiles(directory).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentDefinitionError);
    expect((error as Error).message).toContain(`Agent file ${file}: ${message}`);
  });

  it('refuses a symbolic link', async () => {
    await writeFile(join(directory, '..', 'elsewhere.md'), REVIEWER);
    await symlink(join(directory, '..', 'elsewhere.md'), join(directory, 'link.md'));
    await expect(loadAgentFiles(directory)).rejects.toThrow(
      /link\.md: a symbolic link; agent files must be regular files/,
    );
  });

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)(
    'refuses a FIFO without blocking on it',
    async () => {
      expect(spawnSync('mkfifo', [join(directory, 'pipe.md')]).status).toBe(0);
      await expect(loadAgentFiles(directory)).rejects.toThrow(/pipe\.md: not a regular file/);
    },
  );
});
