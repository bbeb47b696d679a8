#!/usr/bin/env node
import { enableUserCompileCache } from '@toolgate/host';

// Node's compile cache (on disk, in the user's cache directory) saves parsing the bundle on every
// later start; it must be on before the rest loads, hence the dynamic import.
enableUserCompileCache(process.env, process.platform);
await import('./main.js');
