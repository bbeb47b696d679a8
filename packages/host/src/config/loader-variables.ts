/**
 * Environment variables that change what a program loads or runs besides the file it is given,
 * from the programs' own documentation: the dynamic loader (ld.so(8): `LD_*`; dyld(1) on macOS:
 * `DYLD_*`), node (`NODE_OPTIONS`, `NODE_PATH`), the shells (bash(1): `BASH_ENV`, `ENV`,
 * `SHELLOPTS`, `BASHOPTS`, `PROMPT_COMMAND`; zsh(1): `ZDOTDIR`), python (`PYTHON*`, which includes
 * `PYTHONPATH`, `PYTHONSTARTUP`, `PYTHONHOME`), perl (perlrun(1): `PERL5LIB`, `PERL5OPT`, `PERLLIB`,
 * `PERL5DB`), ruby (`RUBYOPT`, `RUBYLIB`), git (git(1): `GIT_*`, which names directories, config,
 * programs to run), java (`JAVA_TOOL_OPTIONS`, `_JAVA_OPTIONS`, `JDK_JAVA_OPTIONS`, `CLASSPATH`),
 * and a few more that name code to load (`LUA_PATH`, `LUA_CPATH`, `LUA_INIT`, `TCLLIBPATH`,
 * `GCONV_PATH`, `IFS`).
 */
const EXACT = new Set([
  'NODE_OPTIONS',
  'NODE_PATH',
  'NODE_REPL_EXTERNAL_MODULE',
  'BASH_ENV',
  'ENV',
  'SHELLOPTS',
  'BASHOPTS',
  'PROMPT_COMMAND',
  'ZDOTDIR',
  'PERL5LIB',
  'PERL5OPT',
  'PERLLIB',
  'PERL5DB',
  'RUBYOPT',
  'RUBYLIB',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'CLASSPATH',
  'LUA_PATH',
  'LUA_CPATH',
  'LUA_INIT',
  'TCLLIBPATH',
  'GCONV_PATH',
  'IFS',
]);

const PREFIXES = ['LD_', 'DYLD_', 'PYTHON', 'GIT_', 'BASH_FUNC_', 'LUA_INIT_'];

/** Whether setting `name` can change what a program loads or runs (see the list above). */
export function isLoaderVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return EXACT.has(upper) || PREFIXES.some((prefix) => upper.startsWith(prefix));
}
