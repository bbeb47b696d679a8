import type { ToolApproval } from '../approval/tool-approval.js';
import type { ClientFilesUse } from '../client/client-files.js';
import type { ToolPresentation } from '../presentation/tool-presentation.js';
import type { ToolDefinition } from './tool-definition.js';

/** Typed input, or a message for the model saying what was wrong with the arguments. */
export type ArgumentsParseResult<Input> =
  | { readonly ok: true; readonly value: Input }
  | { readonly ok: false; readonly message: string; readonly details?: unknown };

/**
 * A tool's definition plus the parser for its arguments: everything about a tool that exists
 * without an executor, so hosts can list tools and tests can snapshot them.
 */
export interface ToolSpec<Input = unknown> {
  /** What the model sees. */
  readonly definition: ToolDefinition;
  /**
   * Turns arguments (already decoded from JSON text, `null` optional fields already dropped) into
   * typed input. Never throws.
   */
  parseArguments(value: Readonly<Record<string, unknown>>): ArgumentsParseResult<Input>;
  /**
   * When a call asks a person, and how it is shown and remembered. @default ask in manual; run in
   * safe only when annotated read-only (or a delegate); run in auto
   */
  readonly approval?: ToolApproval<Input>;
  /**
   * How people see a call and its success (a title, kind and locations; a display). @default the
   * approval summary's lines, else the name and first string argument; no display
   */
  readonly presentation?: ToolPresentation<Input>;
  /**
   * Whether the tool can read (`read`) or read and write (`read-write`) through a client's files
   * (an editor's buffers) when a host installs them (`bindClientFiles`); its calls then find them
   * in `context.clientFiles`. @default none: the tool works on the disk
   */
  readonly clientFiles?: ClientFilesUse;
  /**
   * Whether the tool can run programs in a client's terminals (an editor's) when a host installs
   * them (`bindClient`); its calls then find them in `context.clientTerminals`. @default false
   */
  readonly clientTerminals?: boolean;
}
