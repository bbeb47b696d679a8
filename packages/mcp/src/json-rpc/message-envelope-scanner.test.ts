import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MessageEnvelope, MessageEnvelopeScanner } from './message-envelope-scanner.js';

/** Scans `text` whole and one byte at a time; both must agree. */
function scan(text: string): MessageEnvelope {
  const bytes = new TextEncoder().encode(text);
  const whole = new MessageEnvelopeScanner();
  whole.push(bytes);
  const bytewise = new MessageEnvelopeScanner();
  for (let index = 0; index < bytes.length; index++) bytewise.push(bytes.subarray(index, index + 1));
  expect(bytewise.envelope()).toEqual(whole.envelope());
  return whole.envelope();
}

describe('MessageEnvelopeScanner', () => {
  it('finds the top-level id and method wherever they stand, and ignores ids nested or inside strings', () => {
    expect(
      [
        '{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{}}',
        '{"method":"m","params":{"id":1,"list":[{"id":2}],"text":"\\"id\\":4"},"id":"abc"}',
        ' { "id" : -1.5e3 , "method" : "m" } \r',
        '{"\\u0069d":"esc\\"aped}","result":{}}',
        '{"jsonrpc":"2.0","method":"session/cancel","params":{"id":7}}',
        '{"id":null,"method":"m"}',
        '{"id":{"nested":1},"method":"m"}',
        '{"id":1,"id":2,"method":"m"}',
        '{"id":1,"method":"m"',
        '{"id":1,"method":"m"} trailing',
        '[{"id":1,"method":"m"}]',
        'not json, "id":1}',
        `{"id":"${'x'.repeat(2000)}","method":"m"}`,
        '{"id":5,"params":"unterminated}',
        'ü{"id":1}',
        '{"id":"ü","method":"m","params":["ü"]}',
      ].map(scan),
    ).toEqual([
      { id: 3, hasMethod: true },
      { id: 'abc', hasMethod: true },
      { id: -1500, hasMethod: true },
      { id: 'esc"aped}', hasMethod: false },
      { id: undefined, hasMethod: true },
      { id: undefined, hasMethod: true },
      { id: undefined, hasMethod: true },
      { id: undefined, hasMethod: true },
      { id: undefined, hasMethod: false },
      { id: undefined, hasMethod: false },
      { id: undefined, hasMethod: false },
      { id: undefined, hasMethod: false },
      { id: undefined, hasMethod: true },
      { id: undefined, hasMethod: false },
      { id: undefined, hasMethod: false },
      { id: 'ü', hasMethod: true },
    ]);
  });

  it('agrees with JSON.parse on any object, pushed in chunks of any size', () => {
    const id = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.option(id, { nil: undefined }),
        fc.boolean(),
        fc.integer({ min: 1, max: 17 }),
        (fields, requestId, method, chunkSize) => {
          const message = {
            ...fields,
            ...(requestId === undefined ? {} : { id: requestId }),
            ...(method ? { method: 'm' } : {}),
          };
          const bytes = new TextEncoder().encode(JSON.stringify(message));
          const scanner = new MessageEnvelopeScanner();
          for (let offset = 0; offset < bytes.length; offset += chunkSize)
            scanner.push(bytes.subarray(offset, offset + chunkSize));
          const parsed = JSON.parse(JSON.stringify(message)) as { id?: unknown; method?: unknown };
          const expectedId =
            typeof parsed.id === 'string' || (typeof parsed.id === 'number' && Number.isFinite(parsed.id))
              ? parsed.id
              : undefined;
          expect(scanner.envelope()).toEqual({ id: expectedId, hasMethod: 'method' in parsed });
        },
      ),
    );
  });
});
