import type { LocalSandboxSession, SandboxLaunchRequest } from '../executor/sandbox-session.js';

/**
 * A local sandbox for tests that confines nothing: it spawns the shell through `env` with
 * `IN_SANDBOX=1` set, so a test can tell which commands went through it, and records each request.
 */
export function createEnvWrappingSandbox(id = 'sbx_env'): LocalSandboxSession & {
  requests: SandboxLaunchRequest[];
} {
  const requests: SandboxLaunchRequest[] = [];
  return {
    id,
    providerId: 'env',
    requests,
    async wrapShell(request) {
      requests.push(request);
      return { file: '/usr/bin/env', args: ['IN_SANDBOX=1', request.shell.file, ...request.shell.args] };
    },
  };
}
