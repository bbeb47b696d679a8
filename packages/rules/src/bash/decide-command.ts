import type { CommandIndex, CompiledRule } from '../compiled-rule.js';
import { describeRule } from '../compiled-rule.js';
import type { PermissionDecision } from '../permission-rule.js';
import type { SimpleCommand } from './command-line-analysis.js';
import { commandName } from './command-name.js';
import { type MatchAnswer, matchCommandSpecifier } from './match-command-specifier.js';
import { type CommandReading, TRANSPARENT_WRAPPERS, unwrapCommand } from './unwrap-command.js';

/** The rules that can match any reading of a command, in deny, ask, allow order. */
function candidatesFor(index: CommandIndex, readings: readonly CommandReading[]): readonly CompiledRule[] {
  if (readings.length === 1) {
    const name = readings[0]!.words[0];
    return name === null || name === undefined ? index.all : index.forName(name);
  }
  const wanted = new Set<CompiledRule>();
  for (const reading of readings) {
    const name = reading.words[0];
    if (name === null || name === undefined) return index.all;
    for (const candidate of index.forName(name)) wanted.add(candidate);
  }
  return [...wanted].sort((a, b) => a.position - b.position);
}

/**
 * The verdict of the bash rules on one simple command: deny, ask, allow or nothing. Every reading
 * through its wrappers (`sudo`, `timeout`, `xargs`, …) is matched; an allow holds only through
 * wrappers that change nothing about what the command may do. Loaded with the analyzer, on the
 * first command line the rules judge.
 */
export function decideCommand(command: SimpleCommand, index: CommandIndex): PermissionDecision | undefined {
  const readings = unwrapCommand(command.words).readings.map((reading) => ({
    ...reading,
    words: reading.words.map((word, position) => (position === 0 ? commandName(word) : word)),
  }));
  const bashRules = candidatesFor(index, readings);
  const shown = () => command.words.map((word) => word ?? '…').join(' ');
  let maybe: CompiledRule | undefined;
  for (const candidate of bashRules) {
    if (candidate.rule.list === 'allow') continue;
    const answers: MatchAnswer[] = readings.map((reading) =>
      candidate.command ? matchCommandSpecifier(candidate.command, reading.words) : 'yes',
    );
    if (answers.includes('yes'))
      return {
        decision: candidate.rule.list,
        rule: candidate.rule,
        reason: `${describeRule(candidate.rule)} matches \`${shown()}\``,
      };
    if (answers.includes('maybe')) maybe ??= candidate;
  }
  if (maybe)
    return {
      decision: 'ask',
      rule: maybe.rule,
      reason: `\`${shown()}\` may match ${describeRule(maybe.rule)}: part of it is known only when it runs`,
    };
  for (const candidate of bashRules) {
    if (candidate.rule.list !== 'allow') continue;
    const allowed = readings.some(
      (reading) =>
        reading.wrappers.every((wrapper) => TRANSPARENT_WRAPPERS.has(wrapper)) &&
        (candidate.command ? matchCommandSpecifier(candidate.command, reading.words) : 'yes') === 'yes',
    );
    if (allowed)
      return {
        decision: 'allow',
        rule: candidate.rule,
        reason: `${describeRule(candidate.rule)} matches \`${shown()}\``,
      };
  }
  return undefined;
}
