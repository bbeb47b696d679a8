/** One call the model made. */
export interface ToolCall {
  /** The model's call id; echoed in serialized results. */
  readonly id: string;
  /** The tool's wire name, matched exactly. */
  readonly name: string;
  /** JSON text or an already-decoded object; blank text, `null` and absent mean `{}`. */
  readonly arguments?: string | Readonly<Record<string, unknown>> | null;
}
