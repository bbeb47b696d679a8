import { describe, expect, it } from 'vitest';
import { parseCliArguments } from './parse-cli-arguments.js';

function usageMessage(argv: string[]): string {
  try {
    parseCliArguments(argv);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('parseCliArguments', () => {
  it('parses call with a tool, ARGS and every common option', () => {
    expect(
      parseCliArguments([
        'call',
        'read_file',
        '{"path":"a"}',
        '--json',
        '--cwd',
        'dir',
        '--approval',
        'AUTO',
        '--config',
        'c.json',
        '--mcp-config',
        'm.json',
      ]),
    ).toEqual({
      command: 'call',
      tool: 'read_file',
      args: '{"path":"a"}',
      json: true,
      explain: false,
      options: { cwd: 'dir', approval: 'auto', config: 'c.json', mcpConfig: 'm.json', noMcp: false },
    });
  });

  it('leaves ARGS absent or "-" so they are read from stdin', () => {
    expect(parseCliArguments(['call', 'glob'])).toEqual({
      command: 'call',
      tool: 'glob',
      args: undefined,
      json: false,
      explain: false,
      options: { noMcp: false },
    });
    expect(parseCliArguments(['call', 'glob', '-'])).toMatchObject({ args: '-' });
  });

  it('takes --explain for call only', () => {
    expect(parseCliArguments(['call', 'bash', '{}', '--explain'])).toMatchObject({ explain: true });
    expect(() => parseCliArguments(['run', 'hi', '--explain'])).toThrow(
      '--explain is an option of "toolgate call" only.',
    );
  });

  it('parses tools with and without a tool name, mcp, help, version and bare toolgate', () => {
    expect(parseCliArguments(['tools', '--no-mcp'])).toEqual({
      command: 'tools',
      tool: undefined,
      json: false,
      options: { noMcp: true },
    });
    expect(parseCliArguments(['tools', 'read_file', '--json'])).toEqual({
      command: 'tools',
      tool: 'read_file',
      json: true,
      options: { noMcp: false },
    });
    expect(parseCliArguments(['call', 'bash', '--sandbox', 'Read-Only'])).toMatchObject({
      options: { sandbox: 'read-only', noMcp: false },
    });
    expect(parseCliArguments(['call', 'bash', '--sandbox-provider', ' Container '])).toMatchObject({
      options: { sandboxProvider: 'container' },
    });
    expect(parseCliArguments(['mcp', '--approval', 'safe'])).toEqual({
      command: 'mcp',
      options: { approval: 'safe', noMcp: false },
    });
    expect(parseCliArguments(['--help'])).toEqual({ command: 'help' });
    expect(parseCliArguments(['tools', '-h'])).toEqual({ command: 'help' });
    expect(parseCliArguments(['help'])).toEqual({ command: 'help' });
    expect(parseCliArguments(['--version'])).toEqual({ command: 'version' });
  });

  it('refuses unknown options, unknown commands, missing values and extra arguments', () => {
    expect(usageMessage(['tools', '--bogus'])).toBe("Unknown option '--bogus'.");
    expect(parseCliArguments([])).toEqual({
      command: 'interactive',
      model: undefined,
      baseURL: undefined,
      maxSteps: undefined,
      verbose: false,
      options: { noMcp: false },
    });
    expect(parseCliArguments(['--model', 'openai:x'])).toMatchObject({
      command: 'interactive',
      model: 'openai:x',
    });
    expect(usageMessage(['--json'])).toBe(
      '--json is an option of a command; the interactive toolgate has none.',
    );
    expect(usageMessage(['serve'])).toBe(
      'Unknown command "serve": expected tools, call, run, commands, mcp, trust, permissions, doctor, init, sessions or rewind.',
    );
    expect(usageMessage(['call'])).toBe('Missing tool name: toolgate call <tool> [ARGS].');
    expect(usageMessage(['call', 'bash', '{}', 'extra'])).toBe(
      'Unexpected argument "extra" for "toolgate call".',
    );
    expect(usageMessage(['tools', 'grep', 'extra'])).toBe(
      'Unexpected argument "extra" for "toolgate tools".',
    );
    expect(usageMessage(['tools', ' '])).toBe('Empty tool name: toolgate tools [<tool>].');
    expect(usageMessage(['tools', '--cwd'])).toBe("Option '--cwd <value>' argument missing");
    expect(usageMessage(['tools', '--cwd', ''])).toBe('--cwd expects a value; got an empty string.');
    expect(usageMessage(['tools', '--approval', 'yolo'])).toBe(
      '--approval expects one of manual, safe, auto, plan, accept-edits, dont-ask (or acceptEdits, dontAsk, bypassPermissions); got "yolo".',
    );
    expect(usageMessage(['call', 'bash', '--sandbox', 'off'])).toBe(
      '--sandbox expects one of read-only, workspace-write, danger-full-access; got "off".',
    );
    expect(usageMessage(['call', 'bash', '--sandbox-provider', 'k8s'])).toBe(
      '--sandbox-provider expects one of bwrap, container; got "k8s".',
    );
    expect(usageMessage(['mcp', '--json'])).toBe(
      '--json is not an option of "toolgate mcp" (it always speaks JSON-RPC).',
    );
    expect(usageMessage(['tools', '--no-mcp', '--mcp-config', 'x'])).toBe(
      '--mcp-config and --no-mcp exclude each other.',
    );
  });

  it('takes --audit FILE for the commands that make calls, not for trust, and not empty', () => {
    for (const argv of [['call', 'bash', '{}'], ['run', 'hi'], ['mcp'], []]) {
      expect(parseCliArguments([...argv, '--audit', 'audit.jsonl'])).toMatchObject({
        options: { audit: 'audit.jsonl' },
      });
    }
    expect(usageMessage(['trust', '--audit', 'a.jsonl'])).toBe(
      '--audit is not an option of "toolgate trust".',
    );
    expect(usageMessage(['run', 'hi', '--audit', ''])).toBe('--audit expects a value; got an empty string.');
  });

  it('parses run with its own options, and keeps them to run', () => {
    expect(
      parseCliArguments([
        'run',
        'fix it',
        '--model',
        'openai:gpt',
        '--base-url',
        'http://h/v1',
        '--max-steps',
        '7',
        '--json',
      ]),
    ).toEqual({
      command: 'run',
      prompt: 'fix it',
      model: 'openai:gpt',
      baseURL: 'http://h/v1',
      maxSteps: 7,
      verbose: false,
      json: true,
      options: { noMcp: false },
    });
    expect(parseCliArguments(['run', 'x', '--verbose'])).toMatchObject({ verbose: true });
    expect(usageMessage(['call', 'read_file', '--verbose'])).toBe(
      '--verbose is an option of "toolgate run" only.',
    );
    expect(parseCliArguments(['run', '-'])).toMatchObject({
      prompt: '-',
      model: undefined,
      maxSteps: undefined,
    });
    expect(usageMessage(['run'])).toBe('Missing prompt: toolgate run "<prompt>" (or - to read stdin).');
    expect(usageMessage(['run', 'a', 'b'])).toBe('Unexpected argument "b" for "toolgate run".');
    expect(usageMessage(['run', 'a', '--max-steps', '0'])).toBe(
      '--max-steps expects a positive integer; got "0".',
    );
    expect(usageMessage(['run', 'a', '--max-steps', '2.5'])).toBe(
      '--max-steps expects a positive integer; got "2.5".',
    );
    expect(usageMessage(['call', 'bash', '--model', 'openai:x'])).toBe(
      '--model is an option of "toolgate run" only.',
    );
  });
  it('parses permissions, and --revoke N for it', () => {
    expect(parseCliArguments(['permissions', '--cwd', 'w'])).toEqual({
      command: 'permissions',
      revoke: undefined,
      json: false,
      options: { cwd: 'w', noMcp: false },
    });
    expect(parseCliArguments(['permissions', '--revoke', '2'])).toMatchObject({
      command: 'permissions',
      revoke: 2,
    });
    expect(() => parseCliArguments(['permissions', '--revoke'])).toThrow(
      '--revoke expects the number of a rule as toolgate permissions lists it; got none.',
    );
    expect(() => parseCliArguments(['permissions', '--revoke', 'x'])).toThrow('got "x"');
    expect(() => parseCliArguments(['permissions', '--list'])).toThrow(
      '--list is an option of "toolgate trust" only.',
    );
  });

  it('parses --continue, --resume and --fork for run and the interactive toolgate, one at a time', () => {
    expect(parseCliArguments(['run', '--continue', 'go on'])).toMatchObject({
      command: 'run',
      prompt: 'go on',
      conversation: { kind: 'continue' },
    });
    expect(parseCliArguments(['-c'])).toMatchObject({
      command: 'interactive',
      conversation: { kind: 'continue' },
    });
    expect(parseCliArguments(['run', '--resume', 'abc', 'x'])).toMatchObject({
      conversation: { kind: 'resume', id: 'abc' },
    });
    expect(parseCliArguments(['--fork', 'abc'])).toMatchObject({
      command: 'interactive',
      conversation: { kind: 'fork', id: 'abc' },
    });
    expect(parseCliArguments(['run', 'x'])).not.toHaveProperty('conversation');
    expect(usageMessage(['run', '--continue', '--fork', 'a', 'x'])).toBe(
      '--continue and --fork exclude each other.',
    );
    expect(usageMessage(['tools', '--continue'])).toBe(
      '--continue is an option of "toolgate run" and the interactive toolgate only.',
    );
    expect(usageMessage(['run', '--resume', '', 'x'])).toBe('--resume expects a value; got an empty string.');
  });

  it('parses sessions list|show|rm and rewind with its turn and scope', () => {
    expect(parseCliArguments(['sessions'])).toEqual({
      command: 'sessions',
      action: 'list',
      id: undefined,
      json: false,
      options: { noMcp: false },
    });
    expect(parseCliArguments(['sessions', 'show', 'abc', '--json'])).toMatchObject({
      action: 'show',
      id: 'abc',
      json: true,
    });
    expect(usageMessage(['sessions', 'rm'])).toBe(
      'Missing session id: toolgate sessions rm ID (see toolgate sessions list).',
    );
    expect(usageMessage(['sessions', 'drop', 'x'])).toBe(
      'Unknown sessions action "drop": expected list, show ID or rm ID.',
    );
    expect(parseCliArguments(['rewind', '--to', '3', '--session', 'abc'])).toEqual({
      command: 'rewind',
      session: 'abc',
      to: 3,
      scope: 'conversation',
      force: false,
      options: { noMcp: false },
    });
    expect(parseCliArguments(['rewind', '--both'])).toMatchObject({ scope: 'both', to: undefined });
    expect(usageMessage(['rewind', '--code', '--both'])).toBe('--code and --both exclude each other.');
    expect(usageMessage(['rewind', '--to', '0'])).toContain('--to expects a turn number');
    expect(usageMessage(['run', 'x', '--to', '2'])).toBe('--to is an option of "toolgate rewind" only.');
  });
});
