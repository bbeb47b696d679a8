import type { ToolDecorator } from '@toolgate/core';

/** Options for {@link withElapsedTime}. */
export interface ElapsedTimeOptions {
  /** Writes to the terminal (stderr). */
  readonly write: (text: string) => void;
  /** Show after this long. @default 2000 */
  readonly delayMs?: number;
}

function seconds(ms: number): string {
  const total = Math.floor(ms / 1000);
  return total < 60 ? `${total}s` : `${Math.floor(total / 60)}m${String(total % 60).padStart(2, '0')}s`;
}

/**
 * Shows the elapsed time of a running `bash exec` on one status line, redrawn each second and
 * erased when the command ends. Installed (after approval) only when stderr is a terminal.
 */
export function withElapsedTime(options: ElapsedTimeOptions): ToolDecorator {
  const delay = options.delayMs ?? 2000;
  return async (invocation, next) => {
    const input = invocation.input?.value;
    // Validated bash input: the action defaults to exec.
    if (invocation.call.name !== 'bash' || (input as { action?: unknown }).action !== 'exec') return next();
    const command = String((input as { command?: unknown }).command ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    const label = command.length > 50 ? `${command.slice(0, 49)}…` : command;
    const started = Date.now();
    let shown = false;
    const draw = () => {
      shown = true;
      options.write(`\r\u001b[2K  ⋯ running ${label} (${seconds(Date.now() - started)})`);
    };
    let timer: NodeJS.Timeout | undefined;
    const first = setTimeout(() => {
      draw();
      timer = setInterval(draw, 1000);
    }, delay);
    try {
      return await next();
    } finally {
      clearTimeout(first);
      if (timer) clearInterval(timer);
      if (shown) options.write('\r\u001b[2K');
    }
  };
}
