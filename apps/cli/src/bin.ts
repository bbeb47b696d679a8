#!/usr/bin/env node
import nodeModule from 'node:module';

// Node's compile cache (on disk, in the temporary directory) saves parsing and compiling the bundle
// on every later run. It must be on before the rest loads, hence the dynamic import below. Node
// before 22.1 has none (and is unsupported): the CLI still starts there, only slower.
nodeModule.enableCompileCache?.();
await import('./main.js');
