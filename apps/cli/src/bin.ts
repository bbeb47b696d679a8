#!/usr/bin/env node
import nodeModule from 'node:module';

// Node's compile cache (on disk) saves parsing and compiling the bundle on every later run. It must
// be on before the rest loads, hence the dynamic import below. Node before 22.1 has none (and is
// unsupported): the CLI still starts there, only slower. The cache lives in the user's cache
// directory ($XDG_CACHE_HOME, else ~/.cache, then toolgate/compile-cache), created private (0700),
// never in the workspace or a shared temporary directory; where it cannot be made there is no
// cache. NODE_COMPILE_CACHE, when set, wins (Node turned the cache on there already), and
// NODE_DISABLE_COMPILE_CACHE turns it off. The directory is named here from the environment, not
// asked of `os`, which would load it (about 1.5 ms).
const { env } = process;
const base = env.XDG_CACHE_HOME?.startsWith('/')
  ? env.XDG_CACHE_HOME
  : env.HOME
    ? `${env.HOME}/.cache`
    : undefined;
if (process.platform !== 'win32' && base !== undefined && !env.NODE_COMPILE_CACHE) {
  const directory = `${base.replace(/(.)\/+$/, '$1')}/toolgate/compile-cache`;
  try {
    process.getBuiltinModule('node:fs').mkdirSync(directory, { recursive: true, mode: 0o700 });
    nodeModule.enableCompileCache?.(directory);
  } catch {
    // No cache: the CLI runs the same, only compiling its bundle again.
  }
}
await import('./main.js');
