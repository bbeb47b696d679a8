import { createRequire } from 'node:module';

/**
 * What our sources get for `import { z } from 'zod'` in an app's bundle (`lazyZodPlugin`): a
 * stand-in whose property reads (all our sources do with `z`) are those of a `z` that holds the
 * members they read, which it loads on the first read, synchronously, from `zod.js` beside this
 * chunk (a member that `z` lacks is an error, never `undefined`): an ES module, which
 * `require()` loads since Node 22.12 (a property read cannot wait for an import). Until a command
 * builds a schema or validates, Node neither reads nor evaluates zod. The file is an entry of the
 * same bundle, whose other zod importers (the MCP and ACP SDKs, the AI SDK) share its modules: one
 * zod, so its classes (`instanceof`) and registries are the same across them. Node 22.12 alone warns
 * once (an ExperimentalWarning on stderr) when the bundle runs from outside a `node_modules`
 * directory, a checkout's build; an installed bin, and Node 22.13 and later, do not.
 */
let real;
function loadZod() {
  real ??= createRequire(import.meta.url)('./zod.js').z;
  return real;
}

export const z = new Proxy(
  {},
  {
    get(_target, key) {
      const zod = loadZod();
      if (Object.hasOwn(zod, key)) return zod[key];
      throw new Error(
        `z.${String(key)} is not in the bundle's zod: our sources do not read it as z.${String(key)}`,
      );
    },
  },
);
