import { describe, expect, it } from 'vitest';
import { parseCliArguments } from './parse-cli-arguments.js';

describe('toolgate mcp arguments', () => {
  it('parses --http [HOST:]PORT, loopback by default', () => {
    expect(parseCliArguments(['mcp', '--http', '8080'])).toEqual({
      command: 'mcp',
      http: { host: '127.0.0.1', port: 8080 },
      options: { noMcp: false },
    });
    expect(parseCliArguments(['mcp', '--http', '[::1]:0'])).toMatchObject({ http: { host: '::1', port: 0 } });
    expect(parseCliArguments(['mcp', '--http', '0.0.0.0:9000'])).toMatchObject({
      http: { host: '0.0.0.0', port: 9000 },
    });
  });

  it('refuses a bad address and --http outside mcp', () => {
    expect(() => parseCliArguments(['mcp', '--http', 'localhost'])).toThrow(/--http expects \[HOST:\]PORT/);
    expect(() => parseCliArguments(['mcp', '--http', '70000'])).toThrow(/--http expects/);
    expect(() => parseCliArguments(['tools', '--http', '8080'])).toThrow(/option of "toolgate mcp" only/);
  });

  it('parses login, logout, status and trust with a server name', () => {
    for (const action of ['login', 'logout', 'status', 'trust'] as const) {
      expect(parseCliArguments(['mcp', action, 'tracker'])).toEqual({
        command: 'mcp-auth',
        action,
        server: 'tracker',
        options: { noMcp: false },
      });
    }
    expect(() => parseCliArguments(['mcp', 'login'])).toThrow(
      /Missing server name: toolgate mcp login <server>/,
    );
    expect(() => parseCliArguments(['mcp', 'signin', 'x'])).toThrow(
      /expected login, logout, status or trust/,
    );
    expect(() => parseCliArguments(['mcp', 'login', 'x', '--http', '1'])).toThrow(
      /not an option of "toolgate mcp login"/,
    );
  });
});
