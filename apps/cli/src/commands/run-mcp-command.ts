import type { CliIo } from '../cli/cli-io.js';
import type { ExitCode } from '../cli/exit-codes.js';
import type { CommonOptions } from '../cli/parse-cli-arguments.js';
import { UsageError } from '../cli/usage-error.js';

/** `toolgate mcp`: serves the gated surface over MCP on stdio until the client leaves. */
export async function runMcpCommand(_io: CliIo, _options: CommonOptions): Promise<ExitCode> {
  throw new UsageError('toolgate mcp is not available in this build.');
}
