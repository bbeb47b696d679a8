import { z } from 'zod';

/**
 * An integer schema that also accepts the number's decimal text (`"5"`), as AI4J's lenient getters
 * do: models often quote numbers. Anything else is left for zod to refuse, quoting the value.
 */
export function lenientInteger<Schema extends z.ZodType<number>>(schema: Schema) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value) ? Number(value) : value),
    schema,
  );
}
