import type { ToolResult } from '../result/tool-result.js';
import type { AnyTool, PreparedCall } from '../tool/tool.js';

/**
 * A success as people see it: the tool's declared `display` (unless the tool set one itself) and
 * the file `changes` its preflight planned — the very previews approval showed, so no host reads
 * the files again. Failures and rejections pass through.
 */
export function presentToolResult(
  tool: Pick<AnyTool, 'presentation'>,
  input: unknown,
  prepared: PreparedCall<unknown> | undefined,
  result: ToolResult,
): ToolResult {
  if (result.status !== 'success') return result;
  const changes = result.changes ?? prepared?.preview?.files;
  let display = result.display;
  if (display === undefined && tool.presentation?.result) {
    try {
      display = tool.presentation.result(result.output as never, input as never);
    } catch {
      // A declaration that throws is ignored: the host shows the output by its shape.
    }
  }
  if (display === result.display && changes === result.changes) return result;
  return {
    ...result,
    ...(display ? { display } : {}),
    ...(changes && changes.length > 0 ? { changes } : {}),
  };
}
