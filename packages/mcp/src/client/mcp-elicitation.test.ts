import { describe, expect, it } from 'vitest';
import { acceptedContent, toElicitationRequest } from './mcp-elicitation.js';

const form = toElicitationRequest('tracker', {
  message: 'Pick \u001b[31mone\u001b[0m',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', default: 'Ada' },
      count: { type: 'integer', default: 3 },
      legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
      titled: { type: 'string', oneOf: [{ const: 'x', title: 'Ex' }], default: 'x' },
      many: { type: 'array', items: { type: 'string', enum: ['r', 'g'] }, default: ['r'] },
      ok: { type: 'boolean' },
    },
    required: ['legacy', 'ok'],
  },
});

describe('elicitation forms', () => {
  it('reads fields, choices from enum+enumNames and oneOf, multi-select and defaults; escapes text', () => {
    expect(form.message).not.toContain('\u001b');
    expect(form.fields.map((field) => [field.name, field.type, field.required, field.default])).toEqual([
      ['name', 'string', false, 'Ada'],
      ['count', 'integer', false, 3],
      ['legacy', 'choice', true, undefined],
      ['titled', 'choice', false, 'x'],
      ['many', 'choices', false, ['r']],
      ['ok', 'boolean', true, undefined],
    ]);
    expect(form.fields[2]?.choices).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ]);
  });

  it('fills defaults into an accepted answer and drops keys the form does not have', () => {
    expect(acceptedContent(form, { legacy: 'b', ok: false, extra: 'no' })).toEqual({
      name: 'Ada',
      count: 3,
      legacy: 'b',
      titled: 'x',
      many: ['r'],
      ok: false,
    });
  });

  it('refuses an answer that does not fit (fail closed): a value outside the choices, a wrong type, a missing required field', () => {
    expect(acceptedContent(form, { legacy: 'c', ok: true })).toBeUndefined();
    expect(acceptedContent(form, { legacy: 'a', ok: 'yes' })).toBeUndefined();
    expect(acceptedContent(form, { legacy: 'a', ok: true, count: 1.5 })).toBeUndefined();
    expect(acceptedContent(form, { ok: true })).toBeUndefined();
  });
});
