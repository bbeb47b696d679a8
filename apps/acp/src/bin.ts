#!/usr/bin/env node
import nodeModule from 'node:module';

// Node's compile cache saves parsing the bundle on every later start; it must be on before the
// rest loads, hence the dynamic import.
nodeModule.enableCompileCache?.();
await import('./main.js');
