import { defineConfig } from 'tsdown';

// The `toolgate-acp` bin as one ESM bundle: our packages (read from their sources), zod and every
// other dependency inlined and tree-shaken, so an install has no dependencies and resolves no
// modules (`onlyImport: []` fails the build if the output would import anything but Node's
// built-ins). Code behind a dynamic import (the MCP SDK) lands in chunks of its own, loaded only
// when a command needs it.
export default defineConfig({
  entry: ['src/bin.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  outDir: 'dist',
  clean: true,
  dts: false,
  sourcemap: false,
  fixedExtension: false,
  deps: { onlyBundle: false, onlyImport: [] },
  inputOptions: {
    resolve: { conditionNames: ['@toolgate/source', 'node', 'import', 'module', 'default'] },
  },
  outputOptions: { chunkFileNames: 'chunks/[name]-[hash].js' },
});
