import type { AvailableCommand, ContentBlock, SessionUpdate } from '@agentclientprotocol/sdk';
import type { AgentHostSession } from '@toolgate/host';

/** `/compact`, as `available_commands_update` lists it beside the command table's. */
export const COMPACT_COMMANDS: AvailableCommand[] = [
  {
    name: 'compact',
    description:
      'Replace the earlier turns by a summary the model writes, to free context (the store keeps them).',
  },
];

/** Whether a prompt is the `/compact` command (its only block, text `/compact`). */
export function isCompactCommand(blocks: readonly ContentBlock[]): boolean {
  const [block, ...rest] = blocks;
  return rest.length === 0 && block?.type === 'text' && block.text.trim() === '/compact';
}

/** Runs `/compact` and says what it did, as the agent's message. */
export async function runCompactCommand(
  session: AgentHostSession,
  signal: AbortSignal,
  send: (update: SessionUpdate) => Promise<void>,
): Promise<void> {
  const result = await session.compact({ signal });
  const text = result.compacted
    ? `Compacted ${result.replaced} earlier turn(s) into a summary; the store keeps them.`
    : `Not compacted: ${result.reason}.`;
  await send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
}
