import { createAgent } from '@toolgate/agent';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SelectModelOptions, selectModel } from './select-model.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

async function ask(options: SelectModelOptions): Promise<string | undefined> {
  const { model } = await selectModel(options);
  const session = await createAgent({ model, tools: [], approval: { mode: 'auto' } }).createSession();
  server.reply({ text: 'hi' });
  const result = await session.prompt('hello').result;
  await session.close();
  expect(result.stopReason).toBe('completed');
  return server.requests.at(-1)?.headers.authorization as string | undefined;
}

describe('selectModel', () => {
  it('talks to an OpenAI-compatible server at the base URL, with TOOLGATE_API_KEY when set', async () => {
    expect(
      await ask({ model: 'openai-compatible:qwen3:8b', baseURL: server.baseURL, env: {} }),
    ).toBeUndefined();
    expect(server.requests[0]!.body?.model).toBe('qwen3:8b');
    const auth = await ask({
      env: {
        TOOLGATE_MODEL: 'openai-compatible:m',
        TOOLGATE_BASE_URL: server.baseURL,
        TOOLGATE_API_KEY: 'k1',
      },
    });
    expect(auth).toBe('Bearer k1');
  });

  it('uses OPENAI_API_KEY for openai (chat completions), with a base URL override', async () => {
    const auth = await ask({
      model: 'openai:gpt-test',
      baseURL: server.baseURL,
      env: { OPENAI_API_KEY: 'sk-o' },
    });
    expect(auth).toBe('Bearer sk-o');
    expect(server.requests[0]!.path).toBe('/v1/chat/completions');
  });

  it('builds an anthropic model from ANTHROPIC_API_KEY', async () => {
    const { model, spec } = await selectModel({
      model: 'anthropic:claude-x',
      env: { ANTHROPIC_API_KEY: 'a' },
    });
    expect(spec).toEqual({ provider: 'anthropic', modelId: 'claude-x' });
    expect(model).toMatchObject({ modelId: 'claude-x' });
  });

  it('lets the flag win over TOOLGATE_MODEL', async () => {
    const { spec } = await selectModel({
      model: 'anthropic:flag',
      env: { TOOLGATE_MODEL: 'openai:env', ANTHROPIC_API_KEY: 'a' },
    });
    expect(spec.modelId).toBe('flag');
  });

  it('takes the model and base URL from the config below the flag and the environment', async () => {
    const config = { model: 'openai-compatible:from-config', baseURL: server.baseURL };
    await ask({ env: {}, config });
    expect(server.requests.at(-1)!.body?.model).toBe('from-config');
    await ask({ env: { TOOLGATE_MODEL: 'openai-compatible:from-env' }, config });
    expect(server.requests.at(-1)!.body?.model).toBe('from-env');
    await ask({ model: 'openai-compatible:from-flag', env: { TOOLGATE_MODEL: 'openai:env' }, config });
    expect(server.requests.at(-1)!.body?.model).toBe('from-flag');
    await expect(selectModel({ env: {}, config: { model: 'gpt' } })).rejects.toThrow(
      /^the config key model: expected provider:model/,
    );
    await expect(
      selectModel({
        env: { TOOLGATE_BASE_URL: 'ftp://x' },
        config: { model: 'openai-compatible:m', baseURL: 'http://ok' },
      }),
    ).rejects.toThrow(/^TOOLGATE_BASE_URL: expected an http\(s\) URL/);
  });

  it.each([
    [
      { env: {} },
      /No model configured: pass --model provider:model, set TOOLGATE_MODEL or the config key "model"/,
    ],
    [{ model: 'gpt-4', env: {} }, /--model: expected provider:model/],
    [
      { env: { TOOLGATE_MODEL: 'ollama:x' } },
      /TOOLGATE_MODEL: unknown provider "ollama"; expected one of openai, anthropic, openai-compatible/,
    ],
    [{ model: 'openai:gpt', env: {} }, /needs an API key: set OPENAI_API_KEY/],
    [{ model: 'anthropic:c', env: {} }, /needs an API key: set ANTHROPIC_API_KEY/],
    [
      { model: 'openai-compatible:q', env: {} },
      /needs a base URL: pass --base-url URL or set TOOLGATE_BASE_URL/,
    ],
    [
      { model: 'openai-compatible:q', baseURL: 'localhost:11434', env: {} },
      /--base-url: expected an http\(s\) URL/,
    ],
  ] satisfies [SelectModelOptions, RegExp][])(
    'refuses %j and names what to set',
    async (options, message) => {
      await expect(selectModel(options)).rejects.toThrow(message);
    },
  );
});
