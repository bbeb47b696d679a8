import type {
  LanguageModelV4Message,
  LanguageModelV4ReasoningPart,
  LanguageModelV4TextPart,
  LanguageModelV4ToolCallPart,
  SharedV4ProviderMetadata,
} from '@ai-sdk/provider';

type AssistantPart = LanguageModelV4TextPart | LanguageModelV4ReasoningPart | LanguageModelV4ToolCallPart;

/**
 * Collects one step's assistant message from the provider's stream parts, in the order the parts
 * started. Each part keeps the provider's metadata (reasoning signatures, item ids) as its
 * provider options, which the provider needs when the history goes back to it.
 */
export interface AssistantMessageBuilder {
  /** A text or reasoning block grows by `delta`; metadata given replaces what the block had. */
  append(
    type: 'text' | 'reasoning',
    id: string,
    delta: string,
    metadata: SharedV4ProviderMetadata | undefined,
  ): void;
  /** A text or reasoning block ended: a later block with the same id is a new one. */
  close(type: 'text' | 'reasoning', id: string, metadata: SharedV4ProviderMetadata | undefined): void;
  addToolCall(
    part: Omit<LanguageModelV4ToolCallPart, 'type' | 'providerOptions'>,
    metadata?: SharedV4ProviderMetadata,
  ): void;
  /** The message, or undefined when the step produced nothing to keep. */
  message(): LanguageModelV4Message | undefined;
}

export function createAssistantMessageBuilder(): AssistantMessageBuilder {
  const parts: AssistantPart[] = [];
  const open = new Map<string, LanguageModelV4TextPart | LanguageModelV4ReasoningPart>();
  return {
    append(type, id, delta, metadata) {
      const key = `${type}:${id}`;
      let part = open.get(key);
      if (part === undefined) {
        const started: LanguageModelV4TextPart | LanguageModelV4ReasoningPart = { type, text: '' };
        open.set(key, started);
        parts.push(started);
        part = started;
      }
      part.text += delta;
      if (metadata) part.providerOptions = metadata;
    },
    close(type, id, metadata) {
      const key = `${type}:${id}`;
      const part = open.get(key);
      if (part && metadata) part.providerOptions = metadata;
      open.delete(key);
    },
    addToolCall(call, metadata) {
      parts.push({ type: 'tool-call', ...call, ...(metadata ? { providerOptions: metadata } : {}) });
    },
    message() {
      // An empty text block says nothing, unless the provider attached something to it.
      const content = parts.filter(
        (part) => part.type !== 'text' || part.text.length > 0 || part.providerOptions !== undefined,
      );
      return content.length > 0 ? { role: 'assistant', content } : undefined;
    },
  };
}
