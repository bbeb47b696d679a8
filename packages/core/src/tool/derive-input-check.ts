import { z } from 'zod';
import type { InputCheck, InputCheckField, InputCheckOption } from './input-check.js';
import { quotedIntegerToNumber } from './lenient-integer.js';
import { normalizeWord } from './lenient-word.js';

/** The parts of zod's schema definitions this walk reads; anything else makes it give up. */
interface Definition {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDefinition } }[];
  readonly check?: string;
  readonly format?: string;
  readonly coerce?: boolean;
  readonly shape?: Record<string, z.ZodType>;
  readonly catchall?: z.ZodType;
  readonly innerType?: z.ZodType;
  readonly element?: z.ZodType;
  readonly entries?: Record<string, unknown>;
  readonly values?: readonly unknown[];
  readonly options?: readonly z.ZodType[];
  readonly discriminator?: string;
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  readonly transform?: unknown;
  readonly defaultValue?: unknown;
}

interface CheckDefinition {
  readonly check: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly length?: number;
  readonly value?: number;
  readonly inclusive?: boolean;
  readonly format?: string;
  readonly tx?: unknown;
}

type Primitive = string | number | boolean | null;

const definitionOf = (schema: z.ZodType): Definition =>
  (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** The source text of zod's own overwrite for `.trim()` / `.toLowerCase()`, to recognise them by. */
function overwriteSource(schema: z.ZodString): string | undefined {
  const tx = definitionOf(schema).checks?.[0]?._zod.def.tx;
  return typeof tx === 'function' ? String(tx) : undefined;
}
let overwrites: { readonly trim: string | undefined; readonly lowerCase: string | undefined } | undefined;

/**
 * The {@link InputCheck} of a zod object schema: what it accepts unchanged, for a call to take
 * without zod. `undefined` when the schema uses anything the check has no rule for (a refinement,
 * a transform other than `lenientInteger`'s and `lenientWord`'s, a coercion, a pattern, a plain
 * union...): then every
 * call goes to zod, as without a check. Each rule here is one zod applies; where a schema could
 * change a value (trimming, a quoted integer), the check passes only values it leaves as they are.
 */
export function deriveInputCheck(schema: z.ZodObject): (InputCheck & { kind: 'object' }) | undefined {
  const check = derive(schema);
  return check?.kind === 'object' ? check : undefined;
}

/**
 * The definition keys each kind of schema may have for the walk to read it whole; any other key
 * (a schema that is itself a check, as `z.email()` is a string with a format rule, or a setting a
 * later zod adds) makes it give up, not guess.
 */
const KNOWN_KEYS: Record<string, readonly string[]> = {
  string: ['checks', 'coerce'],
  number: ['checks', 'coerce', 'check', 'format', 'abort'],
  boolean: ['checks', 'coerce'],
  enum: ['checks', 'entries'],
  literal: ['checks', 'values'],
  array: ['checks', 'element'],
  object: ['checks', 'shape', 'catchall'],
  nullable: ['checks', 'innerType'],
  catch: ['checks', 'innerType', 'catchValue'],
  optional: ['checks', 'innerType'],
  default: ['checks', 'innerType', 'defaultValue'],
  pipe: ['checks', 'in', 'out'],
  transform: ['checks', 'transform'],
  union: ['checks', 'options', 'discriminator', 'inclusive'],
};

function readable(definition: Definition): boolean {
  const known = KNOWN_KEYS[definition.type];
  return (
    known !== undefined &&
    Object.keys(definition).every((key) => key === 'type' || key === 'error' || known.includes(key))
  );
}

/** The schemas being walked, outermost first: a schema met again inside itself is recursive. */
const walking = new Set<z.ZodType>();

function derive(schema: z.ZodType): InputCheck | undefined {
  // A recursive schema (one that holds itself, through a getter) has no finite check.
  if (walking.has(schema)) return undefined;
  walking.add(schema);
  try {
    return deriveOnce(schema);
  } finally {
    walking.delete(schema);
  }
}

function deriveOnce(schema: z.ZodType): InputCheck | undefined {
  const definition = definitionOf(schema);
  if (!readable(definition)) return undefined;
  if (definition.check !== undefined && definition.type !== 'number') return undefined;
  switch (definition.type) {
    case 'string':
      return definition.coerce ? undefined : deriveString(definition);
    case 'number':
      return definition.coerce ? undefined : deriveNumber(definition);
    case 'boolean':
      return definition.coerce || definition.checks?.length ? undefined : { kind: 'boolean' };
    case 'enum': {
      // `z.enum([...])` maps each value to itself; a TypeScript enum (names to values, numbers
      // back to names) is zod's own to read, so the check gives up on it.
      const entries = Object.entries(definition.entries ?? {});
      if (!entries.every(([key, value]) => key === value)) return undefined;
      return deriveOneOf(
        entries.map(([, value]) => value),
        definition,
      );
    }
    case 'literal':
      return deriveOneOf(definition.values ?? [], definition);
    case 'array':
      return deriveArray(definition);
    case 'object':
      return deriveObject(definition);
    case 'nullable':
    case 'catch':
      return wrap(definition.type, definition);
    case 'pipe':
      return derivePipe(definition);
    case 'union':
      return deriveTagged(definition);
    default:
      return undefined;
  }
}

function wrap(kind: 'nullable' | 'catch', definition: Definition): InputCheck | undefined {
  if (definition.checks?.length || !definition.innerType) return undefined;
  const inner = derive(definition.innerType);
  return inner && { kind, inner };
}

function deriveString(definition: Definition): InputCheck | undefined {
  overwrites ??= {
    trim: overwriteSource(z.string().trim()),
    lowerCase: overwriteSource(z.string().toLowerCase()),
  };
  const { trim, lowerCase } = overwrites;
  let check: InputCheck & { kind: 'string' } = { kind: 'string' };
  for (const { _zod } of definition.checks ?? []) {
    const rule = _zod.def;
    if (rule.check === 'overwrite' && typeof rule.tx === 'function') {
      const source = String(rule.tx);
      if (source === trim) check = { ...check, trimmed: true };
      else if (source === lowerCase) check = { ...check, lowerCase: true };
      else return undefined;
    } else {
      const bounded: (InputCheck & { kind: 'string' }) | undefined = withLengthRule(check, rule);
      if (!bounded) return undefined;
      check = bounded;
    }
  }
  return check;
}

/** `check` narrowed by a length rule (`min_length`, `max_length`, `length_equals`); `undefined` for any other rule. */
function withLengthRule<Check extends { readonly minLength?: number; readonly maxLength?: number }>(
  check: Check,
  rule: CheckDefinition,
): Check | undefined {
  const [minimum, maximum] =
    rule.check === 'min_length'
      ? [rule.minimum, undefined]
      : rule.check === 'max_length'
        ? [undefined, rule.maximum]
        : rule.check === 'length_equals'
          ? [rule.length, rule.length]
          : [Number.NaN, Number.NaN];
  if (minimum !== undefined && !isLength(minimum)) return undefined;
  if (maximum !== undefined && !isLength(maximum)) return undefined;
  return {
    ...check,
    ...(minimum === undefined ? {} : { minLength: Math.max(minimum, check.minLength ?? 0) }),
    ...(maximum === undefined ? {} : { maxLength: Math.min(maximum, check.maxLength ?? maximum) }),
  };
}

const isLength = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function deriveNumber(definition: Definition): InputCheck | undefined {
  let check: InputCheck & { kind: 'number' } = { kind: 'number' };
  // `z.int()` is itself a number-format check; `.int()` on a number adds one to its checks.
  const rules: CheckDefinition[] = definition.check ? [definition as unknown as CheckDefinition] : [];
  for (const { _zod } of definition.checks ?? []) rules.push(_zod.def);
  for (const rule of rules) {
    if (rule.check === 'number_format' && rule.format === 'safeint') check = { ...check, integer: true };
    else if (rule.check === 'greater_than' && typeof rule.value === 'number' && Number.isFinite(rule.value))
      check = rule.inclusive
        ? { ...check, atLeast: Math.max(rule.value, check.atLeast ?? -Infinity) }
        : { ...check, above: Math.max(rule.value, check.above ?? -Infinity) };
    else if (rule.check === 'less_than' && typeof rule.value === 'number' && Number.isFinite(rule.value))
      check = rule.inclusive
        ? { ...check, atMost: Math.min(rule.value, check.atMost ?? Infinity) }
        : { ...check, below: Math.min(rule.value, check.below ?? Infinity) };
    else return undefined;
  }
  return check;
}

/** A value JSON keeps as it is (so not -0, which it writes as 0): the checks are generated as JSON. */
function isPrimitive(value: unknown): value is Primitive {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0))
  );
}

function deriveOneOf(values: readonly unknown[], definition: Definition): InputCheck | undefined {
  if (definition.checks?.length || values.length === 0 || !values.every(isPrimitive)) return undefined;
  return { kind: 'oneOf', values };
}

function deriveArray(definition: Definition): InputCheck | undefined {
  if (!definition.element) return undefined;
  const element = derive(definition.element);
  if (!element) return undefined;
  let check: InputCheck & { kind: 'array' } = { kind: 'array', element };
  for (const { _zod } of definition.checks ?? []) {
    const bounded: (InputCheck & { kind: 'array' }) | undefined = withLengthRule(check, _zod.def);
    if (!bounded) return undefined;
    check = bounded;
  }
  return check;
}

function deriveObject(definition: Definition): (InputCheck & { kind: 'object' }) | undefined {
  if (definition.checks?.length || !definition.shape) return undefined;
  // Unknown fields never pass the check, so a stripping or refusing object agrees; a catch-all
  // schema for them would be a rule the check lacks.
  if (definition.catchall && definitionOf(definition.catchall).type !== 'never') return undefined;
  const fields: InputCheckField[] = [];
  for (const [name, field] of Object.entries(definition.shape)) {
    // zod reads a field as `input[name]`, inherited members too: a field named after one of
    // Object.prototype's (`toString`, `constructor`, `__proto__`) is never missing to zod.
    if (name in Object.prototype) return undefined;
    const derived = deriveField(name, field);
    if (!derived) return undefined;
    fields.push(derived);
  }
  return { kind: 'object', fields };
}

function deriveField(name: string, schema: z.ZodType): InputCheckField | undefined {
  const definition = definitionOf(schema);
  if (!readable(definition)) return undefined;
  if ((definition.type === 'optional' || definition.type === 'default') && !definition.checks?.length) {
    const inner = definition.innerType && derive(definition.innerType);
    if (!inner) return undefined;
    if (definition.type === 'optional') return { name, check: inner, missing: { kind: 'optional' } };
    // zod hands out its default as it is; the check hands out a copy, so it must be plain data.
    const value = definition.defaultValue;
    if (!isPlainData(value)) return undefined;
    return { name, check: inner, missing: { kind: 'default', value } };
  }
  const check = derive(schema);
  return check && { name, check };
}

function isPlainData(value: unknown): boolean {
  if (isPrimitive(value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return false;
  return Object.entries(value).every(([key, entry]) => key !== '__proto__' && isPlainData(entry));
}

function derivePipe(definition: Definition): InputCheck | undefined {
  if (!definition.in || !definition.out || definition.checks?.length) return undefined;
  const source = definitionOf(definition.in);
  if (!readable(source)) return undefined;
  if (source.type !== 'transform' || source.checks?.length) return undefined;
  const kind =
    source.transform === quotedIntegerToNumber
      ? 'quotedInteger'
      : source.transform === normalizeWord
        ? 'word'
        : undefined;
  const inner = kind && derive(definition.out);
  return inner && kind && { kind, inner };
}

function deriveTagged(definition: Definition): InputCheck | undefined {
  const tag = definition.discriminator;
  if (typeof tag !== 'string' || definition.checks?.length || !definition.options?.length) return undefined;
  const options: InputCheckOption[] = [];
  for (const option of definition.options) {
    const check = derive(option);
    if (check?.kind !== 'object') return undefined;
    const tagField = check.fields.find((field) => field.name === tag);
    if (!tagField || tagField.missing || tagField.check.kind !== 'oneOf') return undefined;
    // zod refuses every value of a union whose options share a tag value.
    if (tagField.check.values.some((value) => options.some((other) => other.tags.includes(value))))
      return undefined;
    options.push({ tags: tagField.check.values, check });
  }
  return { kind: 'tagged', tag, options };
}
