import type { ContentBlock } from '@agentclientprotocol/sdk';

/**
 * The model's input from an ACP prompt: text as written, a resource link as a line naming the
 * file (the model reads it with its tools), an embedded text resource inline under its URI.
 * Images, audio and binary resources are not advertised; one sent anyway is named, not dropped silently.
 */
export function promptToModelInput(blocks: readonly ContentBlock[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
        parts.push(block.text);
        break;
      case 'resource_link':
        parts.push(`[Referenced: ${block.name} (${block.uri})]`);
        break;
      case 'resource':
        if ('text' in block.resource) {
          parts.push(
            `[Contents of ${block.resource.uri}]\n${block.resource.text}\n[End of ${block.resource.uri}]`,
          );
        } else {
          parts.push(`[Binary resource ${block.resource.uri} omitted: only text is supported]`);
        }
        break;
      default:
        parts.push(`[${block.type} content omitted: not supported]`);
    }
  }
  return parts.join('\n\n');
}
