import type { SpilledOutput } from './output-spill.js';

/** Marker put where the middle of a spilled output was left out of the text the model reads. */
export function spilledOutputMarker(omittedBytes: number, spilled: SpilledOutput): string {
  return `\n[... ${omittedBytes} bytes omitted — the whole output (${spilled.bytes} bytes) is in ${spilled.path}; read it in ranges with read_file and startLine/endLine ...]\n`;
}

/** Note added to a cut output when the session's spill files reached their disk cap. */
export function spillCapReachedNote(capBytes: number): string {
  return `[the whole output was not kept: this session's spilled outputs reached their ${capBytes}-byte disk cap (limits.spillBytesPerSession)]`;
}
