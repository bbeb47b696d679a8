// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell text, not templates
/**
 * How the analyzer judges a kind of node of tree-sitter-bash's parse: `judged` says how, `asks`
 * says why a line holding it cannot be allowed by a rule. Every named node type of the grammar is
 * here (a test reads the grammar's node-types.json); a kind missing from the table asks.
 */
export type NodeKindJudgement = { readonly judged: string } | { readonly asks: string };

/** Arithmetic kinds: bash evaluates the text of any variable they name, subscripts included. */
const ARITHMETIC =
  'arithmetic: judged when every operand is a number literal; a variable or expansion asks, and asks under a bash deny rule (bash evaluates `a[$(cmd)]` in a value)';

/** Every named node type tree-sitter-bash can produce, and how the analyzer judges it. */
export const NODE_KINDS: Readonly<Record<string, NodeKindJudgement>> = {
  _expression: { judged: 'a supertype: never a node of a tree' },
  _primary_expression: { judged: 'a supertype: never a node of a tree' },
  _statement: { judged: 'a supertype: never a node of a tree' },
  program: { judged: 'its statements, each judged' },
  list: { judged: '`&&` / `||`: every side runs, each judged' },
  pipeline: {
    judged: 'every element runs, each judged; what a shell reads from the pipe is judged as text it runs',
  },
  redirected_statement: { judged: 'its body and its redirections, each judged' },
  subshell: { judged: 'its statements, each judged' },
  compound_statement: { judged: '`{ …; }`: its statements; `(( … ))` is arithmetic' },
  do_group: { judged: 'its statements, each judged' },
  if_statement: { judged: 'conditions and branches, each judged (every branch may run)' },
  elif_clause: { judged: 'condition and branch, each judged' },
  else_clause: { judged: 'its statements, each judged' },
  while_statement: { judged: 'condition and body, each judged' },
  for_statement: {
    judged:
      '`for`/`select NAME in WORDS`: the words and the body, each judged; the loop variable is an assignment of its name',
  },
  c_style_for_statement: { asks: ARITHMETIC },
  case_statement: { judged: 'the subject and every item, each judged' },
  case_item: { judged: 'its patterns and statements, each judged' },
  negated_command: { judged: 'the command it negates, judged' },
  function_definition: {
    judged: 'its body is judged as if it ran where it is defined; calling it is a command of its name',
  },
  command: {
    judged:
      'a simple command: its name and words matched by rules through every wrapper; prefix assignments judged by name; strings it runs (`sh -c`, `eval`, `trap`, `su -c`, `watch`, `git -c alias`) and text piped into a shell are judged as commands',
  },
  command_name: {
    judged: 'a static word (no glob, brace, variable, substitution); anything else is unknown at parse time',
  },
  declaration_command: {
    judged:
      '`export`/`local`/`declare`/`typeset`/`readonly`: judged when it has no option and assigns only names that change no command (`CI`, `NODE_ENV`, …); otherwise asks',
  },
  unset_command: {
    asks: '`unset` changes what later commands resolve or read (`unset -f`, a subscript is arithmetic)',
  },
  variable_assignment: {
    judged:
      'by name: names that change no command (`CI`, `NODE_ENV`, `LANG`, …) are judged; a name whose value a program runs (`PAGER`, `GIT_SSH_COMMAND`, …) is judged as a command line; any other name asks (`PATH`, `IFS`, `GIT_DIR`, `HOME`, …)',
  },
  variable_assignments: { judged: 'each assignment, judged' },
  test_command: {
    judged:
      '`[[ … ]]`: string and file tests of any word are judged; an arithmetic comparison (`-eq`, …) or `-v`/`-R` of anything but number literals asks',
  },
  binary_expression: { judged: 'inside `[[ ]]` by its operator; inside arithmetic as arithmetic' },
  unary_expression: { judged: 'inside `[[ ]]` by its operator; inside arithmetic as arithmetic' },
  ternary_expression: { asks: ARITHMETIC },
  postfix_expression: { asks: ARITHMETIC },
  parenthesized_expression: { judged: 'inside `[[ ]]` its parts; inside arithmetic as arithmetic' },
  arithmetic_expansion: { asks: ARITHMETIC },
  subscript: {
    judged: '`a[@]`, `a[*]` and number literals are judged; any other subscript is arithmetic and asks',
  },
  expansion: {
    judged:
      '`${x}`, `${#x}`, `${x:-w}`, `${x#p}`, `${x/p/r}`, `${x,,}`, …: a value known only at run time, its words judged; indirection `${!x}`, transformations `${x@P}`, offsets `${x:n}` (arithmetic) and assignments `${x:=w}` ask',
  },
  simple_expansion: { judged: '`$x`: a value known only at run time' },
  special_variable_name: { judged: '`$?`, `$@`, …: a value known only at run time' },
  variable_name: { judged: 'a name, judged by the node that holds it' },
  command_substitution: {
    judged: 'its commands run and are each judged; its value is known only at run time',
  },
  process_substitution: {
    judged: 'its commands run and are each judged; its value is a path known only at run time',
  },
  file_redirect: {
    judged:
      'a write (`>`, `>>`, `&>`, `>|`, `<>`) is judged as a write of its target, a read as nothing; a target known only at run time, or `/dev/tcp/…` and `/dev/udp/…` (a network connection), asks',
  },
  heredoc_redirect: {
    judged: 'its body is text on standard input: judged as commands when a shell reads it',
  },
  herestring_redirect: {
    judged: 'its word is text on standard input: judged as commands when a shell reads it',
  },
  heredoc_body: { judged: 'literal text, or expansions and substitutions each judged' },
  heredoc_content: { judged: 'literal text' },
  heredoc_start: { judged: 'the delimiter: quoted means no expansion in the body' },
  heredoc_end: { judged: 'the delimiter' },
  file_descriptor: { judged: 'a descriptor number, not a path' },
  concatenation: { judged: 'one word: static when every part is' },
  word: { judged: 'static unless it holds an unquoted glob (`*`, `?`, `[…]`) or brace expansion' },
  number: { judged: 'static' },
  string: { judged: 'static when it holds only text; expansions and substitutions inside are judged' },
  string_content: { judged: 'static text' },
  raw_string: { judged: 'static text' },
  ansi_c_string: { judged: "`$'…'`: static after its escapes" },
  translated_string: { judged: '`$"…"`: a string, judged as one' },
  brace_expression: { judged: '`{1..3}`: several words, known at parse time only as unknown words' },
  array: { judged: '`(a b)`: the words of an assignment, each judged' },
  comment: { judged: 'nothing runs' },
  regex: { judged: 'a pattern matched against a value: nothing runs' },
  extglob_pattern: { judged: 'a pattern matched against a value: nothing runs' },
  test_operator: { judged: 'the operator of a test, judged by the test' },
};

/** Why a kind of node keeps a line from being allowed, or `undefined` when the analyzer judges it. */
export function nodeKindAsks(type: string): string | undefined {
  const judgement = NODE_KINDS[type];
  if (judgement === undefined) return `a ${type} node, which the analyzer does not know`;
  return 'asks' in judgement ? judgement.asks : undefined;
}
