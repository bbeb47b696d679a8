import { UsageError } from './usage-error.js';

/** Where `toolgate mcp --http` listens. */
export interface HttpAddress {
  /** The interface; loopback unless one is named. */
  readonly host: string;
  /** The port; 0 picks a free one. */
  readonly port: number;
}

/** `--http [HOST:]PORT` (`8080`, `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:8080`). */
export function parseHttpAddress(value: string): HttpAddress {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(value.trim());
  const port = match ? Number(match[2]) : Number.NaN;
  if (!match || port > 65535) {
    throw new UsageError(
      `--http expects [HOST:]PORT (e.g. 8080 or 127.0.0.1:8080); got ${JSON.stringify(value)}.`,
    );
  }
  const host = match[1] === undefined ? '127.0.0.1' : match[1].replace(/^\[(.*)\]$/, '$1');
  return { host, port };
}
