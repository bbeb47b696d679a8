/**
 * The files of a client that holds the workspace as a person sees it: an editor's buffers (ACP's
 * `fs/read_text_file` and `fs/write_text_file`). A transport, not a judge: a tool asks it only
 * about a real path the workspace has already admitted (boundary, protected paths, secrets, read
 * policy), and only a tool that declares it can (`ToolSpec.clientFiles`) is given one.
 */
export interface ClientFiles {
  /**
   * The text the client holds for a real path, unsaved edits included; undefined when it holds
   * none, cannot read it or fails (the tool then reads the disk).
   */
  readonly readTextFile?: (realPath: string, signal: AbortSignal) => Promise<string | undefined>;
  /** Replaces a whole text file through the client (which creates it when missing); rejects when the client fails. */
  readonly writeTextFile?: (realPath: string, text: string, signal: AbortSignal) => Promise<void>;
}

/**
 * What a tool declares it can do through a client's files (`ToolSpec.clientFiles`): `read` gets
 * only the client's reads, `read-write` its writes too. A tool that declares nothing is given none
 * and works on the disk.
 */
export type ClientFilesUse = 'read' | 'read-write';
