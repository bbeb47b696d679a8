import type { JSONObject } from '@ai-sdk/provider';

/** A tool call's input as the surface receives it and as the history keeps it. */
export interface ParsedToolInput {
  /**
   * The parsed object, else text for the surface to parse (the inner text of a JSON string, else
   * the model's own text), which answers anything but an object with `invalid_arguments`.
   */
  readonly arguments: string | JSONObject;
  /** What the assistant message of the history says the model sent: the object, else `{}`. */
  readonly historyInput: JSONObject;
}

const isObject = (value: unknown): value is JSONObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses the JSON text of a tool call's input; an empty text is `{}`. Never throws. */
export function parseToolInput(text: string): ParsedToolInput {
  if (text.trim() === '') return { arguments: {}, historyInput: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { arguments: text, historyInput: {} };
  }
  if (isObject(value)) return { arguments: value, historyInput: value };
  // A model that encodes its arguments twice sends a JSON string: the surface parses the inner text.
  return { arguments: typeof value === 'string' ? value : text, historyInput: {} };
}
