import { describe, expect, it } from 'vitest';
import { expandPromptCommand, splitCommandArguments } from './expand-prompt-command.js';
import type { PromptCommand } from './prompt-command.js';

const command = (body: string): PromptCommand => ({
  name: 'x',
  file: '/x.md',
  scope: 'user',
  namespace: [],
  label: 'user',
  description: 'x',
  body,
  notes: [],
});

describe('expandPromptCommand', () => {
  it('puts the arguments in $ARGUMENTS and their words in $1, $2 …, an absent one as nothing', () => {
    expect(expandPromptCommand(command('Review PR #$1 with priority $2 ($3): $ARGUMENTS'), '456 high')).toBe(
      'Review PR #456 with priority high (): 456 high',
    );
  });

  it('replaces in one pass: arguments holding $1 or $ARGUMENTS are sent as typed', () => {
    expect(expandPromptCommand(command('all=[$ARGUMENTS] first=[$1]'), '$1 $ARGUMENTS $2')).toBe(
      'all=[$1 $ARGUMENTS $2] first=[$1]',
    );
    expect(expandPromptCommand(command('$1'), '$$& $`')).toBe('$$&');
  });

  it('keeps quoted words together for the positions', () => {
    expect(splitCommandArguments(`a "b c" 'd e' f`)).toEqual(['a', 'b c', 'd e', 'f']);
    expect(expandPromptCommand(command('[$2]'), `x "two words"`)).toBe('[two words]');
  });

  it('adds the arguments on a last line when the body places none, as Claude Code does', () => {
    expect(expandPromptCommand(command('Fix the build.'), 'quickly')).toBe(
      'Fix the build.\n\nARGUMENTS: quickly',
    );
    expect(expandPromptCommand(command('Fix the build.'), '  ')).toBe('Fix the build.');
  });

  it('leaves !`command` and @file as text for the model: nothing runs or is read while expanding', () => {
    const body = 'Status: !`git status`\nSee @src/index.ts and @/etc/shadow\n$ARGUMENTS';
    expect(expandPromptCommand(command(body), 'go')).toBe(
      'Status: !`git status`\nSee @src/index.ts and @/etc/shadow\ngo',
    );
  });
});
