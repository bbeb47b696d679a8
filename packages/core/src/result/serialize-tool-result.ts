import type { ToolCall } from '../tool/tool-call.js';
import type { ToolResult } from './tool-result.js';

/**
 * The text the model reads, compatible with AI4J: success → the output as JSON (a string output
 * as it is); failure → `TOOL_ERROR: {"errorType","error","tool","callId"}`; rejected by approval →
 * `[approval-rejected] <reason>` (`The user declined: <detail>`; the mode's refusal reads the same) and, when the person gave some,
 * `Feedback: <text>` on the next line; by policy, rule or hook →
 * `TOOL_BLOCKED: {"blocked","reason","tool","callId"}`.
 */
export function serializeToolResult(result: ToolResult, call: Pick<ToolCall, 'id' | 'name'>): string {
  switch (result.status) {
    case 'success':
      return typeof result.output === 'string' ? result.output : (JSON.stringify(result.output) ?? 'null');
    case 'failure':
      return `TOOL_ERROR: ${JSON.stringify({
        errorType: result.error.code,
        error: result.error.message.trim() || result.error.code,
        tool: call.name,
        ...(call.id ? { callId: call.id } : {}),
      })}`;
    case 'rejected':
      if (result.by === 'approval' || result.by === 'mode') {
        const feedback = result.feedback === undefined ? '' : `\nFeedback: ${result.feedback}`;
        return `[approval-rejected] ${result.reason}${feedback}`;
      }
      return `TOOL_BLOCKED: ${JSON.stringify({
        blocked: true,
        reason: result.reason,
        tool: call.name,
        ...(call.id ? { callId: call.id } : {}),
      })}`;
  }
}
