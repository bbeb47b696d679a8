import type { ToolDefinition } from '@toolgate/core';
import { AGENT_IDENTITY } from './system-prompt-description.js';

/** What goes into the system prompt. */
export interface SystemPromptParts {
  /** The workspace root, as the tools see it. @default not mentioned */
  readonly workspaceRoot?: string | undefined;
  /** The tools the model may call. */
  readonly tools: readonly ToolDefinition[];
  /** The project memory block (AGENTS.md), as the host formats it. @default none */
  readonly agentsMd?: string | undefined;
  /** The host's or the user's extra instructions, last. @default none */
  readonly instructions?: string | undefined;
}

function firstLine(text: string): string {
  return text.trim().split('\n', 1)[0] ?? '';
}

/**
 * The system prompt (docs/architecture.md, "The agent runtime"), in this order: who the agent is,
 * the workspace root, the tool list with each tool's own description (its first line; the full text
 * goes with the tool), the project memory, then extra instructions.
 */
export function buildSystemPrompt(parts: SystemPromptParts): string {
  const sections = [AGENT_IDENTITY];
  if (parts.workspaceRoot) sections.push(`Workspace root: ${parts.workspaceRoot}`);
  if (parts.tools.length > 0)
    sections.push(
      ['Tools:', ...parts.tools.map((tool) => `- ${tool.name}: ${firstLine(tool.description)}`)].join('\n'),
    );
  if (parts.agentsMd?.trim()) sections.push(parts.agentsMd.trim());
  if (parts.instructions?.trim()) sections.push(parts.instructions.trim());
  return sections.join('\n\n');
}
