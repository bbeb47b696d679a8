/** A request the fake model server received, as it arrived. */
export interface RecordedRequest {
  readonly method: string;
  /** The path, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** `performance.now()` in the server's process when the request arrived (before its body was read). */
  readonly receivedAt: number;
  /** The parsed JSON body (`undefined` when the body was not JSON). */
  readonly body: ChatCompletionRequestBody | undefined;
}

/** The fields of a chat completions request that tests usually read. */
export interface ChatCompletionRequestBody {
  readonly model?: string;
  readonly stream?: boolean;
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly { readonly type: string; readonly function: { readonly name: string } }[];
  readonly [field: string]: unknown;
}

/** One message of a chat completions request. */
export interface ChatMessage {
  readonly role: string;
  readonly content?: unknown;
  readonly tool_call_id?: string;
  readonly tool_calls?: readonly {
    readonly id: string;
    readonly function: { readonly name: string; readonly arguments: string };
  }[];
}
