import { describe, expect, it } from 'vitest';
import { parseToolInput } from './parse-tool-input.js';

describe('parseToolInput', () => {
  it('parses a JSON object for the surface and the history', () => {
    expect(parseToolInput('{"path":"a.txt"}')).toEqual({
      arguments: { path: 'a.txt' },
      historyInput: { path: 'a.txt' },
    });
  });

  it('reads an empty input as no arguments', () => {
    expect(parseToolInput('  ')).toEqual({ arguments: {}, historyInput: {} });
  });

  it('keeps malformed JSON as the raw text for the surface, and {} in the history', () => {
    expect(parseToolInput('{"path": "a')).toEqual({ arguments: '{"path": "a', historyInput: {} });
  });

  it('keeps JSON that is not an object as text, unwrapping arguments encoded twice', () => {
    expect(parseToolInput('[1]')).toEqual({ arguments: '[1]', historyInput: {} });
    expect(parseToolInput('"{\\"path\\":\\"a\\"}"')).toEqual({ arguments: '{"path":"a"}', historyInput: {} });
  });
});
