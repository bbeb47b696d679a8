#!/usr/bin/env node
import nodeModule from 'node:module';

// Node's compile cache (on disk, in the temporary directory) saves parsing and compiling the bundle
// on every later run. It must be on before the rest loads, hence the dynamic import below. Node
// before 22.1 has none (and is unsupported): the CLI still starts there, only slower.
// The directory is the one Node would choose (NODE_COMPILE_CACHE, else os.tmpdir()'s
// node-compile-cache), named here on POSIX because asking Node to choose loads `os`, about 1.5 ms.
const { env } = process;
const temporary = (env.TMPDIR || env.TMP || env.TEMP || '/tmp').replace(/(.)\/+$/, '$1');
nodeModule.enableCompileCache?.(
  process.platform === 'win32' ? undefined : env.NODE_COMPILE_CACHE || `${temporary}/node-compile-cache`,
);
await import('./main.js');
