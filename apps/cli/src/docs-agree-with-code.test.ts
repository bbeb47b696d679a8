import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type AgentEvent, STOP_REASONS } from '@toolgate/agent';
import { describe, expect, it } from 'vitest';
import { exitCodeOfStopReason } from './cli/exit-code-of-stop-reason.js';
import { EXIT_CODES } from './cli/exit-codes.js';
import { CLI_COMMANDS } from './cli/parse-cli-arguments.js';
import { USAGE_TEXT } from './cli/usage-text.js';

const README = readFileSync(resolve(import.meta.dirname, '../README.md'), 'utf8');

// Every event type the agent emits: the compiler refuses a missing or an unknown one.
const EVENT_TYPES = Object.keys({
  'text-delta': true,
  'reasoning-delta': true,
  'tool-call': true,
  'tool-call-start': true,
  'approval-decision': true,
  'approval-request': true,
  'approval-answer': true,
  'tool-call-end': true,
  'tool-result': true,
  'step-finish': true,
  compaction: true,
  'turn-end': true,
  'delegate-event': true,
} satisfies Record<AgentEvent['type'], true>);

const codes = [...new Set(Object.values(EXIT_CODES))].sort((a, b) => a - b);

/** The rows of the README's exit status table: status → the text of its row. */
function exitTable(): Map<number, string> {
  const section = README.slice(README.indexOf('## Exit status'));
  const rows = new Map<number, string>();
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    const match = /^\| ([\d /]+) \| (.*) \|$/.exec(line);
    if (!match) continue;
    for (const status of match[1]!.split('/')) rows.set(Number(status.trim()), match[2]!);
  }
  return rows;
}

describe('the CLI docs say what the code does', () => {
  it('lists every `run --json` event type, by its snake_case name', () => {
    const paragraph = README.slice(README.indexOf('- With `--json`, stdout is JSON Lines'));
    const listed = paragraph.slice(0, paragraph.indexOf('\n- ')).match(/`([a-z_]+)`/g) ?? [];
    const delegate = README.includes('`delegate_event` records') ? ['delegate_event'] : [];
    expect(new Set([...listed.map((name) => name.slice(1, -1)), ...delegate])).toEqual(
      new Set(EVENT_TYPES.map((type) => type.replaceAll('-', '_'))),
    );
  });

  it('has one exit status table row per exit code, and --help names every code', () => {
    expect([...exitTable().keys()].sort((a, b) => a - b)).toEqual(codes);
    const help = USAGE_TEXT.slice(USAGE_TEXT.indexOf('Exit status:'));
    for (const code of codes) expect(help).toMatch(new RegExp(`\\b${code}\\b`));
  });

  it('names every command in the README and in --help', () => {
    for (const command of CLI_COMMANDS.filter((name) => name !== 'help')) {
      expect(README, command).toContain(`toolgate ${command}`);
      expect(USAGE_TEXT, command).toContain(`toolgate ${command}`);
    }
  });

  it("puts each of run's stop reasons in the row of the status it exits with", () => {
    const table = exitTable();
    // interrupted comes with a signal, whose own status the process exits with.
    for (const reason of STOP_REASONS.filter((reason) => reason !== 'interrupted'))
      expect(table.get(exitCodeOfStopReason(reason)), reason).toContain(`\`${reason}\``);
  });
});
