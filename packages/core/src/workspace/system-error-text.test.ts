import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemErrorText } from './system-error-text.js';

const root = mkdtempSync(join(tmpdir(), 'system-error-text-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeFileSync(join(root, 'file'), 'x');
mkdirSync(join(root, 'dir'));

/** The error a real file call throws. */
function thrown(call: () => unknown): Error {
  try {
    call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call did not fail');
}

describe('systemErrorText', () => {
  it("keeps a real file call's code and description and drops its call and paths (one path or two, a descriptor's too)", () => {
    const cases: [() => unknown, string][] = [
      [() => openSync(join(root, 'missing'), 'r'), 'ENOENT: no such file or directory'],
      [
        () => openSync(`/proc/self/fd/${2 ** 30}/.a.txt.0123456789ab.toolgate-tmp`, 'wx'),
        'ENOENT: no such file or directory',
      ],
      [() => mkdirSync(join(root, 'dir')), 'EEXIST: file already exists'],
      [() => linkSync(join(root, 'file'), join(root, 'dir')), 'EEXIST: file already exists'],
      [() => renameSync(join(root, 'missing'), join(root, 'elsewhere')), 'ENOENT: no such file or directory'],
      [() => openSync(join(root, 'file', 'below'), 'r'), 'ENOTDIR: not a directory'],
      [() => openSync(join(root, 'dir'), 'w'), 'EISDIR: illegal operation on a directory'],
      [() => readdirSync(join(root, 'file')), 'ENOTDIR: not a directory'],
    ];
    for (const [call, text] of cases) {
      const error = thrown(call);
      expect(error.message).toContain(', ');
      expect(systemErrorText(error)).toBe(text);
    }
  });

  it('keeps any other message whole', () => {
    expect(systemErrorText(new Error('the client refused: a, b'))).toBe('the client refused: a, b');
    const coded = Object.assign(new Error('EPERM: made here, not by a call'), { code: 'EPERM' });
    expect(systemErrorText(coded)).toBe('EPERM: made here, not by a call');
    const other = Object.assign(new Error('something else, open'), { code: 'EIO', syscall: 'open' });
    expect(systemErrorText(other)).toBe('something else, open');
    expect(systemErrorText('a string')).toBe('a string');
  });
});
