/** One tool call the fake model makes. `arguments` is sent as it is, so it may be malformed JSON. */
export interface FakeToolCall {
  /** The call id. @default `call_<n>` */
  readonly id?: string;
  /** The tool's wire name. */
  readonly name: string;
  /** The arguments as JSON text, or an object to serialize. */
  readonly arguments: string | Readonly<Record<string, unknown>>;
}

/** Token counts the fake model reports. */
export interface FakeUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

/** A reply with content: streamed as SSE chunks when the request asks for a stream, else one JSON body. */
export interface FakeCompletion {
  readonly type?: 'completion';
  /** The answer text; an array is sent as one delta per element. @default no text */
  readonly text?: string | readonly string[];
  /** Reasoning text (`reasoning_content`). @default none */
  readonly reasoning?: string;
  /** Tool calls, streamed as one header delta and then the arguments in two deltas each. @default none */
  readonly toolCalls?: readonly FakeToolCall[];
  /** The wire finish reason. @default `tool_calls` when there are tool calls, else `stop` */
  readonly finishReason?: 'stop' | 'tool_calls' | 'length' | 'content_filter';
  /** @default `{ promptTokens: 10, completionTokens: 5 }` */
  readonly usage?: FakeUsage;
  /** Streaming only: the connection is destroyed after this many SSE events, without a finish. */
  readonly cutAfterEvents?: number;
  /** Waits for this before answering (a model that is thinking). @default answers at once */
  readonly hold?: Promise<unknown>;
}

/** An error status with an OpenAI-style error body. */
export interface FakeError {
  readonly type: 'error';
  /** HTTP status (429, 500, 400, …). */
  readonly status: number;
  /** `error.message` of the body. @default `fake model error <status>` */
  readonly message?: string;
  /** The `retry-after` header, in seconds. @default none */
  readonly retryAfterSeconds?: number;
}

/** What the fake model server answers to one request. */
export type FakeReply = FakeCompletion | FakeError;
