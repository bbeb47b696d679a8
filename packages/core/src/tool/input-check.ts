import { normalizeWord } from './lenient-word.js';

/**
 * A plain-data description of what a tool's zod input schema accepts *unchanged*, derived from the
 * schema ahead of time ({@link deriveInputCheck}, run by `pnpm generate:schemas`), so a one-shot
 * call can take well-formed arguments without loading zod and building the schema (about a third
 * of `toolgate call read_file`'s time over Node's own start-up).
 *
 * It only ever narrows: {@link runInputCheck} answers "zod returns exactly this" or "ask zod".
 * Anything it cannot vouch for (a quoted number zod would convert, untrimmed text, an unknown
 * field, a value it has no rule for) is left to the schema, which decides and words the error.
 */
export type InputCheck =
  | {
      readonly kind: 'string';
      /** The schema trims: only text with nothing to trim passes unchanged. */
      readonly trimmed?: true;
      /** The schema lower-cases: only text with no upper case passes unchanged. */
      readonly lowerCase?: true;
      readonly minLength?: number;
      readonly maxLength?: number;
    }
  | {
      readonly kind: 'number';
      /** A safe integer (zod's `z.int()`). */
      readonly integer?: true;
      readonly atLeast?: number;
      readonly above?: number;
      readonly atMost?: number;
      readonly below?: number;
    }
  | { readonly kind: 'boolean' }
  /** One of these primitives (an enum, a literal). */
  | { readonly kind: 'oneOf'; readonly values: readonly (string | number | boolean | null)[] }
  | {
      readonly kind: 'array';
      readonly element: InputCheck;
      readonly minLength?: number;
      readonly maxLength?: number;
    }
  /** An object with these fields, in the schema's order (its output's order); any other field: ask zod. */
  | { readonly kind: 'object'; readonly fields: readonly InputCheckField[] }
  | { readonly kind: 'nullable'; readonly inner: InputCheck }
  /** `lenientInteger`: a number passes through to `inner`; quoted text is zod's to convert. */
  | { readonly kind: 'quotedInteger'; readonly inner: InputCheck }
  /** `lenientWord`: text already trimmed and lower case (or not text) passes to `inner`; other text is zod's to normalise. */
  | { readonly kind: 'word'; readonly inner: InputCheck }
  /** `.catch()`: what `inner` accepts comes out unchanged; the rest is zod's to replace. */
  | { readonly kind: 'catch'; readonly inner: InputCheck }
  /** A discriminated union: the option whose `tag` field holds the value's tag. */
  | { readonly kind: 'tagged'; readonly tag: string; readonly options: readonly InputCheckOption[] };

/** One field of an object check. */
export interface InputCheckField {
  readonly name: string;
  readonly check: InputCheck;
  /** What a missing field is: left out (`optional`), the default (a copy of `value`), or ask zod. */
  readonly missing?: { readonly kind: 'optional' } | { readonly kind: 'default'; readonly value: unknown };
}

/** One option of a tagged union: the tag values that select it, and its object check. */
export interface InputCheckOption {
  readonly tags: readonly (string | number | boolean | null)[];
  readonly check: InputCheck & { readonly kind: 'object' };
}

/** What {@link runInputCheck} vouches for: the schema's output for the value. */
export interface CheckedInput {
  readonly value: unknown;
}

/**
 * The schema's output for `value` when `check` can vouch for it (a copy where the schema makes
 * one: objects and arrays are rebuilt, defaults filled in); `undefined` when only zod can say.
 */
export function runInputCheck(check: InputCheck, value: unknown): CheckedInput | undefined {
  switch (check.kind) {
    case 'string':
      return typeof value === 'string' && stringPasses(check, value) ? { value } : undefined;
    case 'number':
      return typeof value === 'number' && numberPasses(check, value) ? { value } : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? { value } : undefined;
    case 'oneOf':
      return check.values.includes(value as string) ? { value } : undefined;
    case 'array':
      return runArrayCheck(check, value);
    case 'object':
      return runObjectCheck(check, value);
    case 'nullable':
      return value === null ? { value } : runInputCheck(check.inner, value);
    case 'quotedInteger':
      return typeof value === 'number' ? runInputCheck(check.inner, value) : undefined;
    case 'word':
      return normalizeWord(value) === value ? runInputCheck(check.inner, value) : undefined;
    case 'catch':
      return runInputCheck(check.inner, value);
    case 'tagged':
      return runTaggedCheck(check, value);
  }
}

function stringPasses(check: InputCheck & { kind: 'string' }, value: string): boolean {
  if (check.trimmed && value.trim() !== value) return false;
  if (check.lowerCase && value.toLowerCase() !== value) return false;
  if (check.minLength !== undefined && value.length < check.minLength) return false;
  return check.maxLength === undefined || value.length <= check.maxLength;
}

function numberPasses(check: InputCheck & { kind: 'number' }, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (check.integer && !Number.isSafeInteger(value)) return false;
  if (check.atLeast !== undefined && !(value >= check.atLeast)) return false;
  if (check.above !== undefined && !(value > check.above)) return false;
  if (check.atMost !== undefined && !(value <= check.atMost)) return false;
  return check.below === undefined || value < check.below;
}

function runArrayCheck(check: InputCheck & { kind: 'array' }, value: unknown): CheckedInput | undefined {
  if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return undefined;
  if (check.minLength !== undefined && value.length < check.minLength) return undefined;
  if (check.maxLength !== undefined && value.length > check.maxLength) return undefined;
  const output: unknown[] = [];
  for (let index = 0; index < value.length; index++) {
    if (!Object.hasOwn(value, index)) return undefined;
    const element = runInputCheck(check.element, value[index]);
    if (element === undefined) return undefined;
    output.push(element.value);
  }
  return { value: output };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function runObjectCheck(check: InputCheck & { kind: 'object' }, value: unknown): CheckedInput | undefined {
  if (!isPlainObject(value)) return undefined;
  // Every own key (symbols and non-enumerable ones too) must be a field the check knows, holding a
  // plain value: a getter or a stray key is the schema's to judge.
  const keys = Reflect.ownKeys(value);
  for (const key of keys) {
    if (typeof key !== 'string' || !check.fields.some((field) => field.name === key)) return undefined;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor || !('value' in descriptor) || !descriptor.enumerable) return undefined;
  }
  const output: Record<string, unknown> = {};
  for (const field of check.fields) {
    if (!Object.hasOwn(value, field.name)) {
      if (field.missing?.kind === 'optional') continue;
      if (field.missing?.kind !== 'default') return undefined;
      output[field.name] = structuredClone(field.missing.value);
      continue;
    }
    const fieldValue = value[field.name];
    if (fieldValue === undefined) return undefined;
    const checked = runInputCheck(field.check, fieldValue);
    if (checked === undefined) return undefined;
    output[field.name] = checked.value;
  }
  return { value: output };
}

function runTaggedCheck(check: InputCheck & { kind: 'tagged' }, value: unknown): CheckedInput | undefined {
  if (!isPlainObject(value) || !Object.hasOwn(value, check.tag)) return undefined;
  const tag = value[check.tag];
  const chosen = check.options.filter((option) => option.tags.includes(tag as string));
  return chosen.length === 1 && chosen[0] ? runInputCheck(chosen[0].check, value) : undefined;
}
