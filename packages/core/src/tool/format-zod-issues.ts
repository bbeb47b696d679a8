import type { z } from 'zod';
import { clipText } from '../text/clip-text.js';
import { valueAtPath } from './value-at-path.js';

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  // JSON reads 1e400 as Infinity, which JSON.stringify would show as null.
  const json = typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
  return `${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value} ${clipText(json ?? String(value), 80)}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.length === 0
    ? '(arguments)'
    : path.map((key) => (typeof key === 'number' ? `[${key}]` : String(key))).join('.');
}

/** One line per zod issue, naming the field, what was expected and quoting the value it got. */
export function formatZodIssues(issues: readonly z.core.$ZodIssue[], input: unknown): string[] {
  return issues.map((issue) => {
    const field = formatPath(issue.path);
    const value = valueAtPath(input, issue.path);
    if (issue.code === 'invalid_type' && value === undefined) {
      return `\`${field}\` is required (expected ${issue.expected})`;
    }
    if (issue.code === 'invalid_value' && 'values' in issue) {
      return `\`${field}\` must be one of ${issue.values.map((entry) => JSON.stringify(entry)).join(', ')}; got ${describeValue(value)}`;
    }
    const message = issue.message.replace(/^Invalid input: /, '');
    return `\`${field}\`: ${message}; got ${describeValue(value)}`;
  });
}
