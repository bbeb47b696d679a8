import { createRequire } from 'node:module';

/**
 * What our sources get for `import { z } from 'zod'` in an app's bundle (`lazyZodPlugin`): a
 * stand-in whose every property read (all our sources do with `z`) is the real `z`'s, which it
 * loads on the first read, synchronously, from `zod.js` beside this chunk: an ES module, which
 * `require()` loads since Node 22.12 (a property read cannot wait for an import). Until a command
 * builds a schema or validates, Node neither reads nor evaluates zod. The file is an entry of the
 * same bundle, whose other zod importers (the MCP and ACP SDKs, the AI SDK) share its modules: one
 * zod, so `instanceof z.ZodError` and zod's registries hold across them. Node 22.12 alone warns
 * once (an ExperimentalWarning on stderr) when the bundle runs from outside a `node_modules`
 * directory, a checkout's build; an installed bin, and Node 22.13 and later, do not.
 */
let real;
function loadZod() {
  real ??= createRequire(import.meta.url)('./zod.js').z;
  return real;
}

export const z = new Proxy({}, { get: (_target, key) => loadZod()[key] });
