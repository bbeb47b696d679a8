/** A whole output written to a file instead of being cut. */
export interface SpilledOutput {
  /** Absolute path of the file, readable with read_file (startLine/endLine). */
  readonly path: string;
  /** Bytes written: the whole output. */
  readonly bytes: number;
}

/** Why an output was not spilled, said to the model next to the cut output. */
export interface SpillRefusal {
  readonly note: string;
}

/** One output being written to its file, chunk by chunk (never held in memory). */
export interface SpillWriter {
  /** Absolute path of the file being written (a tool may name it while the output grows); gone if `close` refuses. */
  readonly path: string;
  /**
   * Appends a chunk. Past the session's disk cap the writer stops writing and the output is cut:
   * it then returns false (and keeps returning false), so a caller need not send the rest. The
   * chunk is the caller's again once `write` returns (bash frees or reuses it right after): a
   * writer that keeps bytes for later copies them.
   */
  write(chunk: Uint8Array): boolean;
  /**
   * Ends the file: the spilled output, or why it was not kept (the session's disk cap was reached,
   * the file could not be written), a line for the model, when the file was removed and the output
   * is cut as before.
   */
  close(): SpilledOutput | SpillRefusal;
}

/**
 * Where a session puts outputs that exceed a tool's cap (docs/architecture.md, "The boundary").
 * The host provides a file-backed one under the session's state directory; tools only ever see
 * this interface. Each file is readable by the session's read tools and writable by none.
 */
export interface OutputSpill {
  /** Starts a file for one output; `label` names its source (`bash-stdout`, `mcp-docs-search`). */
  open(label: string): SpillWriter;
}
