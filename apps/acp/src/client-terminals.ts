import {
  type AgentContext,
  type ClientCapabilities,
  methods,
  type TerminalOutputResponse,
  type WaitForTerminalExitResponse,
} from '@agentclientprotocol/sdk';
import type { ClientTerminal, ClientTerminals } from '@toolgate/core';

/**
 * The editor's terminals as bash uses them (`ClientTerminals`), when the client offered
 * `terminal` in `initialize`: `terminal/create` with the program bash gives (the sandbox's
 * launcher and the command, the shell policy's environment), then `wait_for_exit`, `kill`,
 * `output` and `release` as bash's own timeout and cancel decide. `shown` hears each terminal
 * created for a call, so the call can carry it as `{type: "terminal", terminalId}` content. A
 * terminal the client fails to create is none: bash runs the command itself.
 */
export function acpClientTerminals(
  client: AgentContext,
  sessionId: string,
  capabilities: ClientCapabilities | undefined,
  shown: (callId: string, terminalId: string) => void,
): ClientTerminals | undefined {
  if (capabilities?.terminal !== true) return undefined;
  return {
    async create(request): Promise<ClientTerminal | undefined> {
      let terminalId: string;
      try {
        ({ terminalId } = await client.request(methods.client.terminal.create, {
          sessionId,
          command: request.command,
          args: [...request.args],
          env: Object.entries(request.env).map(([name, value]) => ({ name, value })),
          cwd: request.cwd,
          outputByteLimit: request.outputByteLimit,
        }));
      } catch {
        return undefined;
      }
      shown(request.callId, terminalId);
      const terminal = { sessionId, terminalId };
      return {
        async waitForExit() {
          const exit: WaitForTerminalExitResponse = await client.request(
            methods.client.terminal.waitForExit,
            terminal,
          );
          return { exitCode: exit.exitCode ?? null, signal: exit.signal ?? null };
        },
        async kill() {
          await client.request(methods.client.terminal.kill, terminal);
        },
        async output() {
          const answer: TerminalOutputResponse = await client.request(
            methods.client.terminal.output,
            terminal,
          );
          return { output: answer.output, truncated: answer.truncated };
        },
        async release() {
          await client.request(methods.client.terminal.release, terminal);
        },
      };
    },
  };
}
