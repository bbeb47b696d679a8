export type { FakeCompletion, FakeError, FakeReply, FakeToolCall, FakeUsage } from './fake-model-reply.js';
export { type FakeModelServer, startFakeModelServer } from './fake-model-server.js';
export type { ChatCompletionRequestBody, ChatMessage, RecordedRequest } from './recorded-request.js';
