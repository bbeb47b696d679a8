import { z } from 'zod';

/**
 * `lenientInteger`'s conversion: the decimal text of an integer (`"5"`, ` -12 `) to the number;
 * anything else, numbers included, unchanged. Named so `deriveInputCheck` can recognise it.
 */
export function quotedIntegerToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value) ? Number(value) : value;
}

/**
 * An integer schema that also accepts the number's decimal text (`"5"`), as AI4J's lenient getters
 * do: models often quote numbers. Anything else is left for zod to refuse, quoting the value.
 */
export function lenientInteger<Schema extends z.ZodType<number>>(schema: Schema) {
  return z.preprocess(quotedIntegerToNumber, schema);
}
