import type { ApprovalMode, ApprovalSubject } from '@toolgate/core';
import { describeApprovalRule } from './approval-rule.js';
import type { Colors } from './colors.js';
import { sourceOf } from './render-tools-table.js';

type Schema = Readonly<Record<string, unknown>>;

const asSchema = (value: unknown): Schema | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;

/** A JSON Schema's type as a person reads it: `string`, `integer ≥ 1`, `one of "a", "b"`, `array of string`. */
export function describeSchemaType(schema: Schema): string {
  if (Array.isArray(schema.enum))
    return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if ('const' in schema) return JSON.stringify(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    return alternatives.map((alternative) => describeSchemaType(asSchema(alternative) ?? {})).join(' or ');
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length === 0) return 'any value';
  return types
    .map((type) => {
      if (type === 'array') {
        const items = asSchema(schema.items);
        return items ? `array of ${describeSchemaType(items)}` : 'array';
      }
      if (type !== 'integer' && type !== 'number') return String(type);
      const bounds: string[] = [];
      // zod writes the safe-integer range for every integer; only a real bound says something.
      if (typeof schema.minimum === 'number' && schema.minimum > Number.MIN_SAFE_INTEGER)
        bounds.push(`≥ ${schema.minimum}`);
      if (typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER)
        bounds.push(`≤ ${schema.maximum}`);
      return [String(type), ...bounds].join(' ');
    })
    .join(' or ');
}

/**
 * `toolgate tools <name>`: the tool's kind, source and whether the mode asks, its whole
 * description, then each argument from the JSON Schema: name, type, required, default and
 * description.
 */
export function renderToolHelp(tool: ApprovalSubject, mode: ApprovalMode, colors: Colors): string {
  const { definition } = tool;
  const out = [
    `${colors.bold(definition.name)}  ${colors.dim(`${definition.kind} · ${sourceOf(definition)} · asks in ${mode} mode: ${describeApprovalRule(mode, tool)}`)}`,
    '',
    definition.description.trim(),
    '',
  ];
  const properties = Object.entries(asSchema(definition.inputSchema.properties) ?? {});
  const required = new Set(
    Array.isArray(definition.inputSchema.required) ? definition.inputSchema.required : [],
  );
  if (properties.length === 0) {
    out.push('Arguments: none.');
    return `${out.join('\n')}\n`;
  }
  out.push(colors.bold('Arguments:'));
  const width = Math.max(...properties.map(([name]) => name.length));
  for (const [name, value] of properties) {
    const schema = asSchema(value) ?? {};
    const facts = [describeSchemaType(schema), required.has(name) ? 'required' : 'optional'];
    if ('default' in schema) facts.push(`default ${JSON.stringify(schema.default)}`);
    out.push(`  ${colors.cyan(name.padEnd(width))}  ${facts.join(', ')}`);
    if (typeof schema.description === 'string' && schema.description.trim() !== '') {
      for (const line of schema.description.trim().split('\n'))
        out.push(`  ${' '.repeat(width)}  ${colors.dim(line)}`);
    }
  }
  return `${out.join('\n')}\n`;
}
