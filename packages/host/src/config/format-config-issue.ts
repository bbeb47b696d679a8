import { findClosestMatch, valueAtPath } from '@toolgate/core';
import type { z } from 'zod';

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  // JSON reads 1e400 as Infinity, which JSON.stringify would show as null.
  const text = typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}

function keyOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`,
    )
    .join('');
}

function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'object'
        ? 'an object'
        : issue.expected === 'array'
          ? 'an array'
          : `a ${issue.expected}`;
    case 'invalid_value':
      return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'number')
        return issue.minimum === 0 && !issue.inclusive ? 'a positive number' : `a number >= ${issue.minimum}`;
      if (issue.origin === 'string') return 'a non-empty string';
      return `at least ${issue.minimum} item(s)`;
    case 'too_big':
      return `at most ${issue.maximum}`;
    default:
      return issue.message;
  }
}

function objectShapeAt(schema: z.ZodType, path: readonly PropertyKey[]): readonly string[] {
  let current: z.core.$ZodType | undefined = schema;
  for (const key of [...path, undefined]) {
    while (current?._zod.def.type === 'optional') current = (current as z.ZodOptional).unwrap();
    if (current?._zod.def.type !== 'object') return [];
    const shape: Record<string, z.core.$ZodType> = (current as z.ZodObject).shape;
    if (key === undefined) return Object.keys(shape);
    current = shape[String(key)];
  }
  return [];
}

/** One line per problem: the key, what was expected and what the file had. */
export function formatConfigIssue(issue: z.core.$ZodIssue, root: unknown, schema: z.ZodType): string {
  if (issue.code === 'unrecognized_keys') {
    const known = objectShapeAt(schema, issue.path).filter((key) => key !== '$schema');
    return issue.keys
      .map((key) => {
        const closest = findClosestMatch(key, known);
        const hint = closest ? ` (did you mean ${JSON.stringify(closest)}?)` : '';
        return `${keyOf([...issue.path, key])}: unknown key${hint}; expected one of ${known.join(', ')}`;
      })
      .join('\n');
  }
  if (issue.code === 'invalid_type' && issue.expected === 'int') {
    return `${keyOf(issue.path)}: expected an integer, got ${describeValue(valueAtPath(root, issue.path))}`;
  }
  return `${keyOf(issue.path)}: expected ${expectation(issue)}, got ${describeValue(valueAtPath(root, issue.path))}`;
}
