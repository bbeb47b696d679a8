import { isAbsolute, resolve } from 'node:path';
import type { SessionUpdate, ToolKind } from '@agentclientprotocol/sdk';
import type { TurnRecord } from '@toolgate/host';
import { textContent } from './tool-call-content.js';

/** What the model read as a tool result, as text. */
function resultText(output: unknown): string {
  if (typeof output !== 'object' || output === null) return '';
  const { type, value } = output as { type?: string; value?: unknown };
  if ((type === 'text' || type === 'error-text') && typeof value === 'string') return value;
  return JSON.stringify(value ?? output);
}

/**
 * One stored turn as the `session/update`s a client replays it from (`session/load`): the
 * person's prompt as a user message chunk, the answer and reasoning as agent chunks, each tool
 * call once, with its final status, its presentation as recorded and the result the model read.
 */
export function storedTurnUpdates(turn: TurnRecord, root: string): SessionUpdate[] {
  const updates: SessionUpdate[] = [
    { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: turn.input } },
  ];
  const results = new Map<string, string>();
  for (const message of turn.messages)
    if (message.role === 'tool')
      for (const part of message.content)
        if (part.type === 'tool-result') results.set(part.toolCallId, resultText(part.output));
  const calls = new Map(turn.calls.map((call) => [call.id, call]));
  for (const message of turn.messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (part.type === 'text' && part.text !== '')
        updates.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: part.text } });
      else if (part.type === 'reasoning' && part.text !== '')
        updates.push({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: part.text } });
      else if (part.type === 'tool-call') {
        const call = calls.get(part.toolCallId);
        const text = results.get(part.toolCallId);
        updates.push({
          sessionUpdate: 'tool_call',
          toolCallId: part.toolCallId,
          title: call?.title ?? part.toolName,
          // Core's kinds are ACP's (the store checks their shape).
          kind: (call?.kind ?? 'other') as ToolKind,
          status: call?.status === 'success' ? 'completed' : 'failed',
          locations: (call?.locations ?? []).map((path) => ({
            path: isAbsolute(path) ? path : resolve(root, path),
          })),
          rawInput: part.input,
          ...(text === undefined ? {} : { content: [textContent(text)] }),
        });
      }
    }
  }
  return updates;
}
