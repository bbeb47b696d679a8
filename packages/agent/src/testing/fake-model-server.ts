import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FakeCompletion, FakeError, FakeReply, FakeToolCall } from './fake-model-reply.js';
import type { ChatCompletionRequestBody, RecordedRequest } from './recorded-request.js';

/** A loopback server speaking the OpenAI-compatible chat completions wire format, scripted per test. */
export interface FakeModelServer {
  /** The base URL to give a provider, ending in `/v1`. */
  readonly baseURL: string;
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Queues replies; each request takes the next one. A request with none left gets a 500. */
  reply(...replies: readonly FakeReply[]): void;
  /**
   * Queues replies for the requests whose system prompt contains `marker` (a child session told
   * apart by its instructions). Such a request takes only from this queue; markers are tried in the
   * order they were first given. A request matching no marker takes from {@link reply}'s queue.
   */
  replyWhen(marker: string, ...replies: readonly FakeReply[]): void;
  /** How many queued replies are still unused, in every queue. */
  pending(): number;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

const MODEL = 'fake-model';

function argumentsText(call: FakeToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

function textParts(reply: FakeCompletion): string[] {
  if (reply.text === undefined) return [];
  return typeof reply.text === 'string' ? [reply.text] : [...reply.text];
}

function finishReason(reply: FakeCompletion): string {
  return reply.finishReason ?? ((reply.toolCalls?.length ?? 0) > 0 ? 'tool_calls' : 'stop');
}

function usage(reply: FakeCompletion) {
  const { promptTokens, completionTokens } = reply.usage ?? { promptTokens: 10, completionTokens: 5 };
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function callIds(reply: FakeCompletion, sequence: number): string[] {
  return (reply.toolCalls ?? []).map((call, index) => call.id ?? `call_${sequence}_${index}`);
}

function streamEvents(reply: FakeCompletion, id: string, ids: readonly string[]): unknown[] {
  const chunk = (delta: unknown, finish: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created: 0,
    model: MODEL,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const events: unknown[] = [chunk({ role: 'assistant', content: '' })];
  if (reply.reasoning) events.push(chunk({ reasoning_content: reply.reasoning }));
  for (const text of textParts(reply)) events.push(chunk({ content: text }));
  (reply.toolCalls ?? []).forEach((call, index) => {
    const text = argumentsText(call);
    const half = Math.floor(text.length / 2);
    events.push(
      chunk({
        tool_calls: [
          { index, id: ids[index], type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
      chunk({ tool_calls: [{ index, function: { arguments: text.slice(0, half) } }] }),
      chunk({ tool_calls: [{ index, function: { arguments: text.slice(half) } }] }),
    );
  });
  events.push(chunk({}, finishReason(reply)));
  events.push({
    id,
    object: 'chat.completion.chunk',
    created: 0,
    model: MODEL,
    choices: [],
    usage: usage(reply),
  });
  return events;
}

function completionBody(reply: FakeCompletion, id: string, ids: readonly string[]): unknown {
  const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
    id: ids[index],
    type: 'function',
    function: { name: call.name, arguments: argumentsText(call) },
  }));
  return {
    id,
    object: 'chat.completion',
    created: 0,
    model: MODEL,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: textParts(reply).join('') || null,
          ...(reply.reasoning ? { reasoning_content: reply.reasoning } : {}),
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finishReason(reply),
      },
    ],
    usage: usage(reply),
  };
}

function sendError(response: ServerResponse, reply: FakeError): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (reply.retryAfterSeconds !== undefined) headers['retry-after'] = String(reply.retryAfterSeconds);
  response.writeHead(reply.status, headers);
  response.end(
    JSON.stringify({
      error: {
        message: reply.message ?? `fake model error ${reply.status}`,
        type: reply.status === 429 ? 'rate_limit_error' : 'server_error',
        code: null,
      },
    }),
  );
}

/** Writes and waits until the chunk is handed to the socket, so a cut comes after it. */
function write(response: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    response.write(text, (error) => (error ? reject(error) : resolve())),
  );
}

async function sendCompletion(
  response: ServerResponse,
  reply: FakeCompletion,
  stream: boolean,
  sequence: number,
): Promise<void> {
  if (reply.hold) await reply.hold;
  const id = `chatcmpl-${sequence}`;
  const ids = callIds(reply, sequence);
  if (!stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(completionBody(reply, id, ids)));
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const events = streamEvents(reply, id, ids);
  for (const [index, event] of events.entries()) {
    if (reply.cutAfterEvents !== undefined && index >= reply.cutAfterEvents) {
      response.socket?.destroy();
      return;
    }
    await write(response, `data: ${JSON.stringify(event)}\n\n`);
  }
  response.end('data: [DONE]\n\n');
}

function systemPromptOf(body: ChatCompletionRequestBody | undefined): string {
  const system = body?.messages?.find((message) => message.role === 'system');
  return typeof system?.content === 'string' ? system.content : JSON.stringify(system?.content ?? '');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string): ChatCompletionRequestBody | undefined {
  try {
    return JSON.parse(text) as ChatCompletionRequestBody;
  } catch {
    return undefined;
  }
}

/**
 * Starts a fake OpenAI-compatible model server on 127.0.0.1 (a free port). Point a provider at
 * {@link FakeModelServer.baseURL}; queue replies with {@link FakeModelServer.reply}; read what the
 * client sent in {@link FakeModelServer.requests}.
 */
export async function startFakeModelServer(): Promise<FakeModelServer> {
  const queue: FakeReply[] = [];
  const byMarker = new Map<string, FakeReply[]>();
  const nextReply = (body: ChatCompletionRequestBody | undefined): FakeReply | undefined => {
    const system = systemPromptOf(body);
    for (const [marker, replies] of byMarker) if (system.includes(marker)) return replies.shift();
    return queue.shift();
  };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const receivedAt = performance.now();
    void (async () => {
      const body = parseBody(await readBody(request));
      requests.push({
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: { ...request.headers },
        receivedAt,
        body,
      });
      const reply = nextReply(body);
      if (!reply) {
        sendError(response, {
          type: 'error',
          status: 500,
          message: 'fake model server: no scripted reply left',
        });
        return;
      }
      if (reply.type === 'error') sendError(response, reply);
      else await sendCompletion(response, reply, body?.stream === true, requests.length);
    })().catch(() => response.socket?.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => {
      queue.push(...replies);
    },
    replyWhen: (marker, ...replies) => {
      const queued = byMarker.get(marker) ?? [];
      queued.push(...replies);
      byMarker.set(marker, queued);
    },
    pending: () => [...byMarker.values()].reduce((sum, replies) => sum + replies.length, queue.length),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
