import { z } from 'zod';

/** `lenientWord`'s normalisation: text trimmed and lower-cased; anything else unchanged. Named so `deriveInputCheck` can recognise it. */
export function normalizeWord(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

/**
 * A schema for a keyword (a mode, an action) that also accepts it with stray case or spaces
 * (`" Append"`): models and people type them so. The rest is left for `schema` to refuse.
 */
export function lenientWord<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess(normalizeWord, schema);
}
