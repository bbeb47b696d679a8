import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidOptionsError } from '@toolgate/core';

/** Where a Docker Engine API answers: a unix socket, or TCP (with TLS when certificates are given). */
export type EngineAddress =
  | { readonly kind: 'unix'; readonly socketPath: string }
  | {
      readonly kind: 'tcp';
      readonly host: string;
      readonly port: number;
      /** Client certificate, key and the CA that signed the engine's certificate (`DOCKER_CERT_PATH`). */
      readonly tls?: { readonly ca: string; readonly cert: string; readonly key: string };
    };

/** The default socket of Docker (and of Podman's rootful compatible service). */
export const DEFAULT_ENGINE_SOCKET = '/var/run/docker.sock';

/**
 * The engine named by `engine` (a `DOCKER_HOST`-style URL: `unix:///path`, `tcp://host:port`), or
 * by `DOCKER_HOST` in `env`, or the default socket. TLS is used for `tcp://` when
 * `DOCKER_TLS_VERIFY` is set (certificates from `DOCKER_CERT_PATH`, as the docker CLI reads them).
 * Throws `InvalidOptionsError` for what it cannot reach (`ssh://` is not supported: run
 * `docker system dial-stdio` behind a local socket instead).
 */
export function engineAddress(
  engine: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): EngineAddress {
  const spec = engine ?? env.DOCKER_HOST ?? `unix://${DEFAULT_ENGINE_SOCKET}`;
  if (spec.startsWith('/')) return { kind: 'unix', socketPath: spec };
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new InvalidOptionsError(
      `engine "${spec}" is not an address; use unix:///var/run/docker.sock or tcp://host:2376`,
    );
  }
  if (url.protocol === 'unix:') {
    if (url.pathname === '') throw new InvalidOptionsError(`engine "${spec}" names no socket path`);
    return { kind: 'unix', socketPath: decodeURIComponent(url.pathname) };
  }
  if (url.protocol === 'tcp:' || url.protocol === 'https:') {
    const port = url.port === '' ? 2376 : Number(url.port);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const tlsWanted = url.protocol === 'https:' || (env.DOCKER_TLS_VERIFY ?? '') !== '';
    if (!tlsWanted) return { kind: 'tcp', host, port };
    const dir = env.DOCKER_CERT_PATH;
    if (!dir) {
      throw new InvalidOptionsError(
        `engine "${spec}" wants TLS (DOCKER_TLS_VERIFY is set) but DOCKER_CERT_PATH names no directory with ca.pem, cert.pem and key.pem`,
      );
    }
    try {
      return {
        kind: 'tcp',
        host,
        port,
        tls: {
          ca: readFileSync(join(dir, 'ca.pem'), 'utf8'),
          cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
          key: readFileSync(join(dir, 'key.pem'), 'utf8'),
        },
      };
    } catch (error) {
      throw new InvalidOptionsError(
        `engine "${spec}": could not read the TLS files in DOCKER_CERT_PATH (${dir}): ${(error as Error).message}`,
      );
    }
  }
  throw new InvalidOptionsError(
    `engine "${spec}": ${url.protocol}// is not supported; use unix:// or tcp:// (for ssh://, forward the engine's socket with ssh -L and name the local end)`,
  );
}

/** The address as a user would write it, for messages. */
export function describeEngine(address: EngineAddress): string {
  return address.kind === 'unix'
    ? `unix://${address.socketPath}`
    : `tcp://${address.host}:${address.port}${address.tls ? ' (TLS)' : ''}`;
}
