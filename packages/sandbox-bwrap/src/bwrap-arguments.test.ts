import { describe, expect, it } from 'vitest';
import { type BwrapLayout, bwrapArguments } from './bwrap-arguments.js';

const layout: BwrapLayout = {
  mode: 'workspace-write',
  network: false,
  workspaceRoot: '/home/ada/project',
  home: '/home/ada',
  readRoots: ['/home/ada/.cargo'],
  protectedPaths: ['/home/ada/project/.git'],
  masked: [
    { path: '/home/ada/project/.env', kind: 'file' },
    { path: '/home/ada/project/certs.key', kind: 'directory' },
  ],
  workingDirectory: '/home/ada/project/src',
};

describe('bubblewrap arguments', () => {
  it('confines a workspace-write command: namespaces, no capabilities, the root read-only, parents mounted first', () => {
    expect(bwrapArguments(layout)).toEqual([
      '--unshare-user',
      '--unshare-all',
      '--die-with-parent',
      '--new-session',
      '--cap-drop',
      'ALL',
      '--ro-bind',
      '/',
      '/',
      '--dev',
      '/dev',
      '--proc',
      '/proc',
      '--tmpfs',
      '/tmp',
      '--tmpfs',
      '/home/ada',
      '--bind',
      '/home/ada/project',
      '/home/ada/project',
      '--ro-bind-try',
      '/home/ada/.cargo',
      '/home/ada/.cargo',
      '--ro-bind',
      '/home/ada/project/.git',
      '/home/ada/project/.git',
      '--ro-bind',
      '/dev/null',
      '/home/ada/project/.env',
      '--tmpfs',
      '/home/ada/project/certs.key',
      '--remount-ro',
      '/home/ada/project/certs.key',
      '--chdir',
      '/home/ada/project/src',
      '--',
    ]);
  });

  it('binds the workspace read-only in read-only mode and shares the network only when allowed', () => {
    const args = bwrapArguments({
      ...layout,
      mode: 'read-only',
      network: true,
      protectedPaths: [],
      masked: [],
    });
    expect(args.slice(0, 4)).toEqual(['--unshare-user', '--unshare-all', '--share-net', '--die-with-parent']);
    expect(args.join(' ')).toContain('--ro-bind /home/ada/project /home/ada/project');
    expect(args).not.toContain('--bind');
  });

  it('hides the home after binding a workspace that contains it, and hides no home of /', () => {
    const outer = bwrapArguments({ ...layout, workspaceRoot: '/home', protectedPaths: [], masked: [] }).join(
      ' ',
    );
    expect(outer.indexOf('--bind /home /home')).toBeLessThan(outer.indexOf('--tmpfs /home/ada'));
    const rootHome = bwrapArguments({ ...layout, home: '/', readRoots: [], protectedPaths: [], masked: [] });
    expect(rootHome.filter((arg) => arg === '--tmpfs')).toHaveLength(1);
  });

  it('binds a mask file in place of a secret when given one, and loads the seccomp program from its descriptor', () => {
    const args = bwrapArguments({
      ...layout,
      masked: [
        { path: '/home/ada/project/.npmrc', kind: 'file', source: '/tmp/toolgate-sandbox-x/mask-12-1-0' },
      ],
      seccompFd: 9,
    });
    expect(args.slice(-8)).toEqual([
      '--ro-bind',
      '/tmp/toolgate-sandbox-x/mask-12-1-0',
      '/home/ada/project/.npmrc',
      '--seccomp',
      '9',
      '--chdir',
      '/home/ada/project/src',
      '--',
    ]);
  });

  it('binds each directory between the workspace and a protected or pinned path onto itself, never under a mask', () => {
    const args = bwrapArguments({
      ...layout,
      protectedPaths: [
        '/home/ada/project/tools/hooks/check.sh',
        '/home/ada/project/.cfg/toolgate/hooks/x.sh',
      ],
      pinnedDirectories: ['/home/ada/project/later'],
      masked: [{ path: '/home/ada/project/.cfg/toolgate', kind: 'directory' }],
    }).join(' ');
    expect(args).toContain('--bind /home/ada/project/tools /home/ada/project/tools');
    expect(args).toContain('--bind /home/ada/project/tools/hooks /home/ada/project/tools/hooks');
    expect(args).toContain('--bind /home/ada/project/later /home/ada/project/later');
    expect(args).toContain('--bind /home/ada/project/.cfg /home/ada/project/.cfg');
    expect(args).not.toContain('--bind /home/ada/project/.cfg/toolgate/hooks');
    expect(args.indexOf('--bind /home/ada/project/tools/hooks ')).toBeLessThan(
      args.indexOf('--ro-bind /home/ada/project/tools/hooks/check.sh'),
    );
  });
});
