import type { OutputSpill } from '@toolgate/core';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import { toolgateStateDirectory } from '../config/toolgate-state-directory.js';
import { sessionDirectory } from '../session-store/session-directory.js';
import { isSessionId } from '../session-store/session-id.js';
import { createFileOutputSpill } from './create-file-output-spill.js';
import { DEFAULT_SPILL_BYTES_PER_SESSION, spillDirectory } from './spill-settings.js';

/** A session's spill and the directory its files go in, which the session's read tools may read. */
export interface SessionSpill {
  readonly spill: OutputSpill;
  /** `<stateDir>/sessions/<sessionId>/spill`. */
  readonly directory: string;
}

let opened = 0;

function processSpillId(): string {
  opened += 1;
  return `spill-${Date.now().toString(36)}-${process.pid.toString(36)}-${opened}`;
}

/**
 * The spill of one session (its delegates share it, and its disk cap): files under
 * `<stateDir>/sessions/<sessionId>/spill`, bounded by `limits.spillBytesPerSession`. Nothing is
 * created until an output exceeds its cap. Without a session id, or with one that is not a plain
 * name, the directory is named for this process (`spill-<time>-<pid>-<n>`): drawing a random id
 * would load node:crypto into every `toolgate call`, about 7 ms, for a directory that is private
 * to the user (0700 state directory), made only on the first spill, and whose files are created
 * exclusively, so a name two processes share fails closed instead of mixing their outputs.
 */
export function openSessionSpill(
  config: ToolgateConfig,
  env: Readonly<Record<string, string | undefined>>,
  sessionId: string | undefined,
): SessionSpill {
  // An id that is not a plain name never becomes a path (no `/`, no `..`).
  const id = sessionId !== undefined && isSessionId(sessionId) ? sessionId : processSpillId();
  const directory = spillDirectory(sessionDirectory(toolgateStateDirectory(env), id));
  const capBytes = config.limits?.spillBytesPerSession ?? DEFAULT_SPILL_BYTES_PER_SESSION;
  return { spill: createFileOutputSpill({ directory, capBytes }), directory };
}
