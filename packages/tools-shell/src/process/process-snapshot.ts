import { InvalidOptionsError } from '@toolgate/core';
import { z } from 'zod';

/** Builds {@link PROCESS_SNAPSHOT_SCHEMA}. */
function buildProcessSnapshotSchema() {
  return z.object({
    processId: z.string().min(1),
    command: z.string(),
    workingDirectory: z.string(),
    status: z.enum(['RUNNING', 'EXITED', 'STOPPED']),
    startedAt: z.number(),
    endedAt: z.number().optional(),
    exitCode: z.number().int().optional(),
    signal: z.string().optional(),
    pid: z.number().int().optional(),
    /** Log offset just past the preview. */
    lastLogOffset: z.number().int().min(0),
    /** The last `max(256, defaultLogChars)` characters of the log. */
    lastLogPreview: z.string(),
  });
}

/** Snapshot of one process: metadata plus the tail of its log (AI4J's `exportSnapshots`). */
export const PROCESS_SNAPSHOT_SCHEMA = /* @__PURE__ */ buildProcessSnapshotSchema();

/** Snapshot of one process. */
export type ProcessSnapshot = z.output<typeof PROCESS_SNAPSHOT_SCHEMA>;

/** Validates snapshot data; malformed data is misuse of the library and throws. */
export function parseProcessSnapshots(snapshots: readonly unknown[]): ProcessSnapshot[] {
  const parsed = z.array(buildProcessSnapshotSchema()).safeParse(snapshots);
  if (!parsed.success) {
    throw new InvalidOptionsError(`Invalid process snapshot: ${parsed.error.message}`);
  }
  return parsed.data;
}
