// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell text, not templates
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPermissionRules } from '../create-permission-rules.js';
import { parsePermissionRules } from '../parse-permission-rules.js';

const { rules } = parsePermissionRules(
  { allow: ['Bash(git status)', 'Bash(echo:*)', 'Bash(ls:*)', 'Bash(cat:*)'], deny: ['Bash(rm:*)'] },
  'test',
);
const engine = createPermissionRules(rules);
const decisionOf = async (command: string) => (await engine.decide({ tool: 'bash', command }))?.decision;

/** Wrappers with options their documentation gives them, each reaching the command after it. */
const WRAPPERS = [
  'env',
  'env -i',
  'env -u HOME',
  'env A=1',
  'xargs',
  'xargs -0',
  'xargs -n1',
  'xargs -I{}',
  'xargs -i',
  'xargs -L 2 -P 4',
  'nice',
  'nice -n 5',
  'nice -5',
  'nohup',
  'timeout 5',
  'timeout -k 1 -s KILL 5',
  'stdbuf -oL',
  'sudo',
  'sudo -u root',
  'sudo -E',
  'doas',
  'command',
  'builtin',
  'exec',
  'exec -a x',
  'time',
  'time -p',
  'chroot /',
  'setsid -f',
  'flock /tmp/l',
  'ionice -c 3',
  'taskset 1',
  'unshare -r',
  'watch -n 1',
  'busybox',
];

/** Ways of spelling a command name that bash reads as `rm` (or as a name it cannot know). */
const NAMES = ['rm', '/bin/rm', './rm', "r''m", '"rm"', '\\rm', '/bin/[r]m', 'r*', '$RM', 'r{m,}'];

/** Ways of running a command line: directly, or as a string a shell or builtin runs. */
const quoteSingle = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const CONTAINERS: readonly ((line: string) => string)[] = [
  (line) => line,
  (line) => `bash -c ${quoteSingle(line)}`,
  (line) => `sh -ec ${quoteSingle(line)}`,
  (line) => `eval ${quoteSingle(line)}`,
  (line) => `echo ${quoteSingle(line)} | sh`,
  (line) => `bash <<< ${quoteSingle(line)}`,
  (line) => `sh <<'EOF'\n${line}\nEOF`,
  (line) => `cat <<'EOF' | bash\n${line}\nEOF`,
  (line) => `trap ${quoteSingle(line)} EXIT`,
  (line) => `su -c ${quoteSingle(line)}`,
  (line) => `git status && (${line})`,
  (line) => `echo $(${line})`,
  (line) => `find . -exec sh -c ${quoteSingle(line)} \\;`,
];

describe('a denied command reached through wrappers, spellings and shells', () => {
  it('is denied or asks, never allowed or left to the mode', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...WRAPPERS), { maxLength: 3 }),
        fc.constantFrom(...NAMES),
        fc.array(fc.integer({ min: 0, max: CONTAINERS.length - 1 }), { minLength: 1, maxLength: 2 }),
        async (wrappers, name, containers) => {
          let line = [...wrappers, name, '-rf', 'x'].join(' ');
          for (const container of containers) line = CONTAINERS[container]!(line);
          expect([line, await decisionOf(line)]).toEqual([line, expect.stringMatching(/^(deny|ask)$/)]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** Constructs the analyzer does not judge completely, each put in front of an allowed line. */
const UNJUDGED = [
  'PATH=bin:$PATH;',
  'IFS=x;',
  'HOME=/tmp/h',
  'GIT_DIR=x',
  'export PATH=x;',
  'declare -x A=1;',
  'source x;',
  '. ./x;',
  '[[ $a -eq 1 ]] &&',
  '(( a )) ;',
  'echo $(( a )) ;',
  'echo ${!a} ;',
  'echo ${a[$b]} ;',
  'let a=b ;',
  'alias ls=x ;',
  'eval "$A" ;',
  'unset A ;',
  'hash -p /bin/x ls ;',
];

describe('an allowed line with a construct the analyzer does not judge', () => {
  it('is never allowed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...UNJUDGED),
        fc.constantFrom('git status', 'ls -la', 'echo hi', 'cat x'),
        async (construct, allowed) => {
          const line = `${construct} ${allowed}`;
          expect([line, await decisionOf(line)]).not.toEqual([line, 'allow']);
        },
      ),
      { numRuns: 200 },
    );
  });
});
