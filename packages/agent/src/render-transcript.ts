import type { AgentMessage } from './agent-message.js';

/** A tool call's input or result in the transcript is clipped to this many characters. */
const MAX_PART = 4000;

function clip(text: string): string {
  return text.length > MAX_PART
    ? `${text.slice(0, MAX_PART)}… (${text.length - MAX_PART} more characters)`
    : text;
}

function outputText(output: unknown): string {
  if (typeof output !== 'object' || output === null) return String(output);
  const { type, value } = output as { type?: string; value?: unknown };
  if ((type === 'text' || type === 'error-text') && typeof value === 'string') return value;
  return JSON.stringify(value ?? output);
}

/**
 * Messages as a plain-text transcript for the model that summarizes them: who said what, each
 * tool call with its input and each result as the model read it (long ones clipped). Plain text,
 * so the summary request needs no tools and fits any provider.
 */
export function renderTranscript(messages: readonly AgentMessage[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (typeof message.content === 'string') {
      lines.push(`## ${message.role}\n${message.content}`);
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text')
        lines.push(`## ${message.role === 'user' ? 'person' : 'agent'}\n${part.text}`);
      else if (part.type === 'tool-call')
        lines.push(`## agent calls ${part.toolName}\n${clip(JSON.stringify(part.input))}`);
      else if (part.type === 'tool-result')
        lines.push(`## result of ${part.toolName}\n${clip(outputText(part.output))}`);
    }
  }
  return lines.join('\n\n');
}

const PATH_KEYS = /^(path|paths|file|files|file_path|filePath)$/;

/** The file paths the messages' tool calls name (`path`-like input fields), in order, once each. */
export function pathsOfToolCalls(messages: readonly AgentMessage[]): string[] {
  const found = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-call' || typeof part.input !== 'object' || part.input === null) continue;
      for (const [key, value] of Object.entries(part.input)) {
        if (!PATH_KEYS.test(key)) continue;
        for (const path of Array.isArray(value) ? value : [value])
          if (typeof path === 'string') found.add(path);
      }
    }
  }
  return [...found];
}
