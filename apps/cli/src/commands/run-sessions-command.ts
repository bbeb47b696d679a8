import { escapeControlCharacters } from '@toolgate/core';
import { openSessionStore, type StoredSession, toolgateStateDirectory } from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';

/** Options of `toolgate sessions`. */
export type SessionsCommandOptions = CommandOptions<'sessions'>;

/** The first line of a turn's prompt, clipped, for a listing. */
function promptLine(input: string): string {
  const line = input.trim().split('\n')[0] ?? '';
  // A prompt may come from a pipe or a client: shown escaped, like every text a person did not type here.
  return escapeControlCharacters(line.length > 72 ? `${line.slice(0, 71)}…` : line);
}

function describe(stored: StoredSession): string {
  const { summary, conversation } = stored;
  const lines = [
    `session ${summary.id}`,
    `  workspace  ${summary.workspace}`,
    `  created    ${summary.createdAt}`,
    `  updated    ${summary.updatedAt.toISOString()}`,
  ];
  if (summary.forkedFrom)
    lines.push(`  forked     from ${summary.forkedFrom.id} after ${summary.forkedFrom.turns} turn(s)`);
  if (conversation.compactedThrough !== undefined)
    lines.push(
      `  compacted  turns up to ${conversation.compactedThrough} are a summary in the model's context`,
    );
  if (conversation.pendingRewind)
    lines.push(
      `  rewound    to before turn ${conversation.pendingRewind.before} (the model is told next turn)`,
    );
  if (conversation.interrupted.length > 0)
    lines.push(
      `  interrupted turn(s) ${conversation.interrupted.join(', ')} (not recorded: the process ended mid-turn)`,
    );
  lines.push(`  turns      ${conversation.turns.length} (next: ${conversation.nextTurn})`);
  for (const turn of conversation.turns)
    lines.push(
      `    ${String(turn.turn).padStart(3)}  ${turn.stopReason.padEnd(19)} ${turn.model}  ${promptLine(turn.input)}`,
    );
  return `${lines.join('\n')}\n`;
}

/**
 * `toolgate sessions list|show ID|rm ID`: the sessions in toolgate's state directory (every
 * workspace's, the most recently written first), one session's turns, or removing one (its
 * checkpoints too). An id may be shortened to a unique prefix.
 */
export async function runSessionsCommand(io: CliIo, command: SessionsCommandOptions): Promise<ExitCode> {
  const store = openSessionStore(toolgateStateDirectory(io.env));
  switch (command.action) {
    case 'list': {
      const sessions = await store.list();
      if (command.json) {
        io.stdout.write(`${JSON.stringify(sessions)}\n`);
        return EXIT_CODES.success;
      }
      if (sessions.length === 0) io.stdout.write(`No stored sessions (in ${store.directory}).\n`);
      for (const session of sessions)
        io.stdout.write(
          `${session.id}\t${session.updatedAt.toISOString()}\t${escapeControlCharacters(session.workspace)}\t${escapeControlCharacters(session.title)}\n`,
        );
      return EXIT_CODES.success;
    }
    case 'show': {
      const stored = await store.read(command.id ?? '');
      if (command.json) {
        const { summary, conversation } = stored;
        io.stdout.write(`${JSON.stringify({ ...summary, ...conversation, header: undefined })}\n`);
      } else io.stdout.write(describe(stored));
      return EXIT_CODES.success;
    }
    case 'rm': {
      const removed = await store.remove(command.id ?? '');
      io.stdout.write(`Removed session ${removed.id} (${removed.workspace}).\n`);
      return EXIT_CODES.success;
    }
  }
}
