import { describe, expect, it } from 'vitest';
import {
  type Outcome,
  type ToolFailureBuilder,
  type ToolResult,
  toolFailure,
  toolSuccess,
} from './tool-result.js';

type ExampleCode = 'not_found' | 'io_error';
const exampleFailure: ToolFailureBuilder<ExampleCode> = toolFailure;

describe('toolFailure', () => {
  it('builds a failure typed by a package’s own codes and leaves out absent details', () => {
    expect(exampleFailure('not_found', 'gone')).toEqual({
      status: 'failure',
      error: { code: 'not_found', message: 'gone' },
    });
    expect(exampleFailure('io_error', 'broken', { systemCode: 'EIO' })).toEqual({
      status: 'failure',
      error: { code: 'io_error', message: 'broken', details: { systemCode: 'EIO' } },
    });
    // @ts-expect-error a code outside the package's union does not compile
    exampleFailure('not_fonud', 'gone');
  });

  it('returns an outcome as the call’s result as it is', () => {
    const outcomes: Outcome<number, ExampleCode>[] = [toolSuccess(1), exampleFailure('io_error', 'broken')];
    const results: ToolResult<number>[] = outcomes;
    expect(results.map((result) => result.status)).toEqual(['success', 'failure']);
  });
});
