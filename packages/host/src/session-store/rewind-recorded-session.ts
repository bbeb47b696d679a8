import type { Checkpoints } from '@toolgate/checkpoints';
import type { RewindOutcome } from '../session/host-session.js';
import type { RecordedAgentSession } from './recorded-agent-session.js';
import type { RewindScope } from './session-record.js';
import { SessionStoreError } from './session-store-error.js';

/**
 * A rewind of an open recorded session: the turn is checked first; with `code` the files are
 * restored from its checkpoints (a refusal, such as files changed outside toolgate without
 * `force`, records nothing and is returned); then the rewind is recorded (the conversation cut
 * back when asked) and the model told on its next request.
 */
export async function rewindRecordedSession(
  recorded: RecordedAgentSession,
  checkpoints: Checkpoints | undefined,
  before: number,
  scope: RewindScope & { readonly force?: boolean },
): Promise<RewindOutcome> {
  const turns = recorded.stored.turns();
  if (!turns.includes(before))
    throw new SessionStoreError(
      'session_turn_not_found',
      `Session ${recorded.stored.id} holds no turn ${before}; its turns are ${turns.join(', ') || 'none yet'}.`,
    );
  let files: RewindOutcome['files'];
  if (scope.code) {
    if (!checkpoints)
      throw new SessionStoreError(
        'session_no_checkpoints',
        `Session ${recorded.stored.id} keeps no checkpoints: its files cannot be restored.`,
      );
    files = await checkpoints.restore(before, { force: scope.force === true });
    if (files.status === 'refused') return { files };
  }
  await recorded.rewind(before, { code: scope.code, conversation: scope.conversation });
  return { files };
}
