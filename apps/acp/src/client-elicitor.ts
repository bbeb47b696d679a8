import type { AgentContext, ClientCapabilities } from '@agentclientprotocol/sdk';
import { methods } from '@agentclientprotocol/sdk';
import type { McpElicitationValue, McpElicitor } from '@toolgate/mcp';

/**
 * An MCP server's form during a call, asked in the editor through ACP's `elicitation/create`
 * (form mode), when the client offered `elicitation.form` in `initialize`; none otherwise, so the
 * servers are told nobody can answer. The editor's answer comes back as given: the MCP connection
 * checks it against the form and sends `cancel` for one that does not fit (fail closed). An error
 * from the editor, or an action ACP does not define, is `cancel`. It is the call's own
 * interaction, never an approval of the call.
 */
export function acpClientElicitor(
  client: AgentContext,
  sessionId: string,
  capabilities: ClientCapabilities | undefined,
): McpElicitor | undefined {
  if (capabilities?.elicitation?.form === undefined || capabilities.elicitation.form === null)
    return undefined;
  return async (request, signal) => {
    // Loaded with the first form: the MCP client is loaded by then anyway.
    const { elicitationFormSchema } = await import('@toolgate/mcp');
    try {
      const response = await client.request(
        methods.client.elicitation.create,
        {
          sessionId,
          mode: 'form',
          message: `MCP server "${request.server}" asks: ${request.message}`,
          requestedSchema: elicitationFormSchema(request.fields, { titledChoices: true }),
        },
        { cancellationSignal: signal, stopWaitingOnCancel: true },
      );
      if (response.action === 'decline') return { action: 'decline' };
      if (response.action !== 'accept') return { action: 'cancel' };
      const content = 'content' in response && response.content ? response.content : {};
      return { action: 'accept', content: content as Record<string, McpElicitationValue> };
    } catch {
      return { action: 'cancel' };
    }
  };
}
