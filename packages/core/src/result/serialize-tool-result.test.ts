import { describe, expect, it } from 'vitest';
import { serializeToolResult } from './serialize-tool-result.js';
import { toolFailure, toolRejection, toolSuccess } from './tool-result.js';

const call = { id: 'call_1', name: 'bash' };

describe('serializeToolResult', () => {
  it('writes success output as JSON, and a string output as it is', () => {
    expect(serializeToolResult(toolSuccess({ exitCode: 0, stdout: 'hi\n' }), call)).toBe(
      '{"exitCode":0,"stdout":"hi\\n"}',
    );
    expect(serializeToolResult(toolSuccess('plain text'), call)).toBe('plain text');
  });

  it('writes failures as AI4J TOOL_ERROR text', () => {
    expect(serializeToolResult(toolFailure('not_found', 'File not found: a.txt'), call)).toBe(
      'TOOL_ERROR: {"errorType":"not_found","error":"File not found: a.txt","tool":"bash","callId":"call_1"}',
    );
    expect(serializeToolResult(toolFailure('x', 'y'), { id: '', name: 'grep' })).toBe(
      'TOOL_ERROR: {"errorType":"x","error":"y","tool":"grep"}',
    );
  });

  it('writes approval rejections with the [approval-rejected] prefix and policy blocks as TOOL_BLOCKED', () => {
    expect(serializeToolResult(toolRejection('approval', 'The user declined: rm -rf build'), call)).toBe(
      '[approval-rejected] The user declined: rm -rf build',
    );
    expect(
      serializeToolResult(toolRejection('approval', 'The user declined: npm i', 'use pnpm, not npm'), call),
    ).toBe('[approval-rejected] The user declined: npm i\nFeedback: use pnpm, not npm');
    expect(toolRejection('approval', 'The user declined: x', '  ')).toEqual({
      status: 'rejected',
      by: 'approval',
      reason: 'The user declined: x',
    });
    expect(serializeToolResult(toolRejection('policy', 'not allowed'), call)).toBe(
      'TOOL_BLOCKED: {"blocked":true,"reason":"not allowed","tool":"bash","callId":"call_1"}',
    );
  });
});
