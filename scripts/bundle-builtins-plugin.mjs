import { builtinModules } from 'node:module';

const IMPORT_LINE = /^import\s+(?:(.+?)\s+from\s+)?"((?:node:)?[\w/]+)";$/gm;

/**
 * Built-ins that cost milliseconds to load and that most commands never use (a listing spawns
 * nothing, hashes nothing): their plain functions are bound lazily, loading the module on the
 * first call.
 */
const LOADED_ON_FIRST_CALL = new Set([
  'child_process',
  'crypto',
  'fs/promises',
  'http',
  'os',
  'readline',
  'tty',
  'worker_threads',
]);

/**
 * Functions of `fs/promises` served by their callback twins in `fs`, which Node has loaded before
 * any user code: `fs/promises` itself loads readline, the REPL history, the file watchers and `os`
 * with it, about 6 ms of a command that only reads its configuration and a file or two (and a
 * millisecond or two of one that writes a file). Each twin takes the same arguments, gives the same
 * value and fails with the same error; `realpath`'s twin is the native one, as `fs/promises` uses.
 * Functions that take or return a FileHandle (`open`, …) and the writers of content (`writeFile`,
 * `appendFile`), which also take streams and iterables, are not here: they stay `fs/promises`',
 * loaded on first call.
 */
const CALLBACK_TWINS = {
  'fs/promises': {
    access: 'access',
    chmod: 'chmod',
    copyFile: 'copyFile',
    link: 'link',
    lstat: 'lstat',
    mkdir: 'mkdir',
    mkdtemp: 'mkdtemp',
    readdir: 'readdir',
    readFile: 'readFile',
    readlink: 'readlink',
    realpath: 'realpath.native',
    rename: 'rename',
    rm: 'rm',
    rmdir: 'rmdir',
    stat: 'stat',
    symlink: 'symlink',
    truncate: 'truncate',
    unlink: 'unlink',
    utimes: 'utimes',
  },
};

/** `util.promisify.custom`, which `execFile` and `exec` carry: the forwarding function carries it too. */
const PROMISIFY_CUSTOM = Symbol.for('nodejs.util.promisify.custom');

/**
 * Own properties a forwarding function may stand in for: a function's own, `util.promisify.custom`
 * (forwarded), and the extras os's functions carry, which no bundled code uses and forwarding
 * drops: `Symbol.toPrimitive` (`${os.homedir}` reads as the directory) and an internal variant.
 */
const FORWARDABLE_KEYS = new Set([
  'length',
  'name',
  'prototype',
  PROMISIFY_CUSTOM,
  Symbol.toPrimitive,
  'withoutStackTrace',
]);

/**
 * Whether `value` may stand behind a forwarding function: a plain function, not a constructor
 * (which `new` and `instanceof` need as itself) and with no properties of its own beyond
 * `FORWARDABLE_KEYS`.
 */
function isPlainFunction(value) {
  if (typeof value !== 'function' || /^class\b/.test(Function.prototype.toString.call(value))) return false;
  // A constructor written as a function (tty's ReadStream) has methods on its prototype.
  if (value.prototype && Reflect.ownKeys(value.prototype).some((key) => key !== 'constructor')) return false;
  return Reflect.ownKeys(value).every((key) => FORWARDABLE_KEYS.has(key));
}

/** The statement that binds `local` to a function of `load` that loads it on the first call. */
function forwarding(local, load, imported, value) {
  const call = `(...args) => ${load}.${imported}(...args)`;
  if (!Reflect.ownKeys(value).includes(PROMISIFY_CUSTOM)) return `const ${local} = ${call};`;
  const custom = "Symbol.for('nodejs.util.promisify.custom')";
  return `const ${local} = Object.defineProperty(${call}, ${custom}, { get: () => ${load}.${imported}[${custom}] });`;
}

/** The statement that binds `local` to a promise-returning call of callback function `twin` of `fs`. */
function callbackTwin(local, twin) {
  const call = `process.getBuiltinModule("node:fs").${twin}(...args, (error, value) => (error ? reject(error) : resolve(value)))`;
  return `const ${local} = (...args) => new Promise((resolve, reject) => ${call});`;
}

/** `{ a, b as c }` → [['a', 'a'], ['b', 'c']]. */
function namedImports(list) {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [imported, local = imported] = part.split(/\s+as\s+/);
      return [imported, local];
    });
}

const IDENTIFIER = '[A-Za-z_$][\\w$]*';
/**
 * `x`, `{ … }` or `x, { … }`: the clauses rolldown writes for a built-in. A namespace import stays
 * an import: its `default` is the module, which `process.getBuiltinModule` does not give.
 */
const CLAUSE = new RegExp(`^(?:(${IDENTIFIER})\\s*,\\s*)?(?:(${IDENTIFIER})|\\{([^}]*)\\})$`);

/**
 * The statements that bind one import clause of built-in `name` without an ES module import;
 * undefined for a clause of another shape, which stays an import.
 */
function bindingsFor(clause, name) {
  const specifier = JSON.stringify(`node:${name}`);
  const load = `process.getBuiltinModule(${specifier})`;
  if (clause === undefined) return [`${load};`];
  const parts = CLAUSE.exec(clause.trim());
  if (!parts) return undefined;
  const [, first, whole, named] = parts;
  const statements = [first, whole]
    .filter((local) => local !== undefined)
    .map((local) => `const ${local} = ${load};`);
  if (named === undefined) return statements;
  const module = LOADED_ON_FIRST_CALL.has(name) ? process.getBuiltinModule(`node:${name}`) : undefined;
  const eager = [];
  const twins = CALLBACK_TWINS[name] ?? {};
  for (const [imported, local] of namedImports(named)) {
    if (Object.hasOwn(twins, imported)) statements.push(callbackTwin(local, twins[imported]));
    else if (module && isPlainFunction(module[imported]))
      statements.push(forwarding(local, load, imported, module[imported]));
    else eager.push(imported === local ? imported : `${imported}: ${local}`);
  }
  if (eager.length > 0) statements.push(`const { ${eager.join(', ')} } = ${load};`);
  return statements;
}

/**
 * A rolldown plugin for the apps' bins: each `import … from "node:…"` a chunk starts with becomes a
 * `process.getBuiltinModule(…)` read of just the names it imports. For an ES module import of a
 * built-in, Node builds a facade that reads every export, which also runs the lazy getters
 * (`fs.promises`, the stream classes, …); and the heavier built-ins above load only when first
 * called. Across the built-ins a command touches, that is a measurable share of start-up
 * (bench/cli-startup). Built-ins have no live bindings to lose.
 */
export function bundleBuiltinsPlugin() {
  return {
    name: 'toolgate:bundle-builtins',
    renderChunk(code) {
      const replacements = [];
      for (const match of code.matchAll(IMPORT_LINE)) {
        const [line, clause, specifier] = match;
        const name = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
        const statements = builtinModules.includes(name) ? bindingsFor(clause, name) : undefined;
        if (statements) replacements.push({ line, statements });
      }
      if (replacements.length === 0) return null;
      let rewritten = code;
      for (const { line, statements } of replacements)
        rewritten = rewritten.replace(line, statements.join('\n'));
      return { code: rewritten, map: null };
    },
  };
}
