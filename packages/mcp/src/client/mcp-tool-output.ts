import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { SpillTarget } from '@toolgate/core';
import { capText } from '../internal/cap-text.js';

/**
 * What a merged MCP tool returns on success: the text content joined (images, audio and resources
 * summarised in brackets), or, when the server sent `structuredContent`, that text plus the
 * structured content as it came.
 */
export type McpToolOutput =
  | string
  | { readonly text: string; readonly structuredContent: Readonly<Record<string, unknown>> };

type ContentBlock = CallToolResult['content'][number];

function describeSize(base64: string): string {
  const bytes = Math.floor((base64.length * 3) / 4);
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function summarize(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type}: ${block.mimeType}, ${describeSize(block.data)}]`;
    case 'resource_link':
      return `[resource link: ${block.name} <${block.uri}>${block.mimeType ? ` (${block.mimeType})` : ''}]`;
    case 'resource': {
      const resource = block.resource;
      const mime = resource.mimeType ? ` (${resource.mimeType})` : '';
      if ('text' in resource && typeof resource.text === 'string') {
        return `[resource: ${resource.uri}${mime}]\n${resource.text}`;
      }
      const blob =
        'blob' in resource && typeof resource.blob === 'string' ? `, ${describeSize(resource.blob)}` : '';
      return `[resource: ${resource.uri}${mime}${blob}]`;
    }
    default:
      return `[${(block as { type: string }).type} content]`;
  }
}

/** Joins a result's content blocks into the text a model reads, capped at `maxChars`. */
export function joinContent(
  content: CallToolResult['content'] | undefined,
  maxChars: number,
  spill?: SpillTarget,
): string {
  return capText((content ?? []).map(summarize).join('\n'), maxChars, spill);
}

/** The success output of a call result. */
export function toMcpToolOutput(
  result: CallToolResult,
  maxChars: number,
  spill?: SpillTarget,
): McpToolOutput {
  const text = joinContent(result.content, maxChars, spill);
  const structured = result.structuredContent;
  return structured !== undefined && structured !== null && typeof structured === 'object'
    ? { text, structuredContent: structured }
    : text;
}
