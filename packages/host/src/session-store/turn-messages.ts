import type { AgentMessage } from '@toolgate/agent';

/**
 * The messages of the last turn in a history: from its user message on (a turn has exactly one;
 * the rest are assistant and tool messages, and a summary sits before every turn it keeps).
 */
export function turnMessages(history: readonly AgentMessage[]): AgentMessage[] {
  const start = history.findLastIndex((message) => message.role === 'user');
  return start === -1 ? [] : history.slice(start);
}
