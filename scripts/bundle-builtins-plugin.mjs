import { builtinModules } from 'node:module';

const IMPORT_LINE = /^import\s+(?:(.+?)\s+from\s+)?"((?:node:)?[\w/]+)";$/gm;

/**
 * Built-ins that cost milliseconds to load and that most commands never use (a listing spawns
 * nothing, hashes nothing): their plain functions are bound lazily, loading the module on the
 * first call.
 */
const LOADED_ON_FIRST_CALL = new Set(['child_process', 'crypto', 'readline', 'tty', 'worker_threads']);

/** `util.promisify.custom`, which `execFile` and `exec` carry: the forwarding function carries it too. */
const PROMISIFY_CUSTOM = Symbol.for('nodejs.util.promisify.custom');

/**
 * Whether `value` may stand behind a forwarding function: a plain function, not a constructor
 * (which `new` and `instanceof` need as itself) and with no properties of its own beyond a
 * function's and `util.promisify.custom`.
 */
function isPlainFunction(value) {
  if (typeof value !== 'function' || /^class\b/.test(Function.prototype.toString.call(value))) return false;
  // A constructor written as a function (tty's ReadStream) has methods on its prototype.
  if (value.prototype && Reflect.ownKeys(value.prototype).some((key) => key !== 'constructor')) return false;
  return Reflect.ownKeys(value).every(
    (key) => key === 'length' || key === 'name' || key === 'prototype' || key === PROMISIFY_CUSTOM,
  );
}

/** The statement that binds `local` to a function of `load` that loads it on the first call. */
function forwarding(local, load, imported, value) {
  const call = `(...args) => ${load}.${imported}(...args)`;
  if (!Reflect.ownKeys(value).includes(PROMISIFY_CUSTOM)) return `const ${local} = ${call};`;
  const custom = "Symbol.for('nodejs.util.promisify.custom')";
  return `const ${local} = Object.defineProperty(${call}, ${custom}, { get: () => ${load}.${imported}[${custom}] });`;
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
  for (const [imported, local] of namedImports(named)) {
    if (module && isPlainFunction(module[imported]))
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
