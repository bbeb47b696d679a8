// The provider floor of `toolgate run`'s first request: the AI SDK's OpenAI-compatible provider,
// which `toolgate run` sends its requests through, loaded and asked for one streamed answer to
// "hi" with no tools and no system prompt, and nothing else. run.mjs bundles this file into one
// ESM file as the CLI's own build is bundled, and runs it with Node's compile cache on as the CLI
// runs, so the two pay the same for loading code. Not a tool; a yardstick.
import { enableCompileCache } from 'node:module';

const [baseURL, cacheDirectory] = process.argv.slice(2);
enableCompileCache(cacheDirectory);
const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
const model = createOpenAICompatible({ name: 'bench', baseURL }).chatModel('bench');
const { stream } = await model.doStream({
  prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
});
for await (const _part of stream);
