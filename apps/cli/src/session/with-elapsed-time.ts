import { inProcessDecorator, presentToolCall, type ToolDecorator } from '@toolgate/core';

/** Options for {@link withElapsedTime}. */
export interface ElapsedTimeOptions {
  /** Writes to the terminal (stderr). */
  readonly write: (text: string) => void;
  /** Show after this long. @default 1000 */
  readonly delayMs?: number;
}

function seconds(ms: number): string {
  const total = Math.floor(ms / 1000);
  return total < 60 ? `${total}s` : `${Math.floor(total / 60)}m${String(total % 60).padStart(2, '0')}s`;
}

/**
 * Shows the elapsed time of a call still running after `delayMs` on one status line (the title
 * its tool presents for it), redrawn each second and erased when the call ends.
 * Installed (after approval) only when stderr is a terminal.
 */
export function withElapsedTime(options: ElapsedTimeOptions): ToolDecorator {
  const delay = options.delayMs ?? 1000;
  // A status line only: nothing outside the process is waited for.
  return inProcessDecorator(async (invocation, next) => {
    // Any call still running after the delay, by the title its tool presents for it.
    const { title } = presentToolCall(invocation.tool, invocation.call);
    const label = title.length > 50 ? `${title.slice(0, 49)}…` : title;
    const started = Date.now();
    let shown = false;
    const draw = () => {
      shown = true;
      options.write(`\r\u001b[2K  ⋯ ${label} (${seconds(Date.now() - started)})`);
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
  });
}
