import { clipText } from '../text/clip-text.js';

/** Arguments decoded to a plain object, or why they could not be. */
export type DecodedArguments =
  | { readonly ok: true; readonly value: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly message: string };

/**
 * Decodes a call's arguments: JSON text or an object; blank, `null` or absent → `{}`. Top-level
 * `null` values are dropped, since models send `null` for optional fields they mean to leave out.
 * Every key stays an own key (`__proto__` included), so it meets the unknown-field check.
 */
export function decodeArguments(toolName: string, raw: unknown): DecodedArguments {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { ok: true, value: {} };
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return {
        ok: false,
        message: `Invalid arguments for ${toolName}: not valid JSON (${(error as Error).message}); got ${clipText(raw, 120)}. Send one JSON object.`,
      };
    }
  }
  if (value === undefined || value === null) return { ok: true, value: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    const shown = clipText(JSON.stringify(value) ?? String(value), 120);
    return {
      ok: false,
      message: `Invalid arguments for ${toolName}: arguments must be a JSON object; got ${Array.isArray(value) ? 'an array' : typeof value} ${shown}.`,
    };
  }
  // Defined, not assigned: assigning `__proto__` would change the prototype, and the fields under it
  // would then be read as inherited fields while the unknown-field check never saw the key.
  const cleaned: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== null)
      Object.defineProperty(cleaned, key, {
        value: field,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return { ok: true, value: cleaned };
}
