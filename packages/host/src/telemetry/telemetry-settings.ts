import { managedSource } from '../config/load-managed-policy.js';
import type { ManagedPolicy } from '../config/managed-policy.js';
import type { TelemetryConfig } from '../config/user-config-schema.js';

/** Where a session's traces go. */
export interface TelemetrySettings {
  /** The OTLP/HTTP traces endpoint. */
  readonly endpoint: string;
  /** Headers of every export. */
  readonly headers: Readonly<Record<string, string>>;
  /** Who said so: `managed settings <file>`, `OTEL_EXPORTER_OTLP_ENDPOINT`, the user's file. */
  readonly source: string;
}

/** `OTEL_EXPORTER_OTLP_HEADERS`: `name=value` pairs joined by commas, values percent-encoded. */
function parseHeaders(raw: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    headers[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

/**
 * Where traces go: the managed settings' `telemetry` (users cannot turn it off or send it
 * elsewhere), else the standard `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`
 * (with `/v1/traces` added) and `OTEL_EXPORTER_OTLP_HEADERS` (unless `OTEL_SDK_DISABLED=true`), else
 * the user's `telemetry`. Never a workspace's config: its schema has no such key.
 */
export function telemetrySettings(
  managed: ManagedPolicy,
  env: Readonly<Record<string, string | undefined>>,
  user: TelemetryConfig | undefined,
  userFile: string,
): TelemetrySettings | undefined {
  if (managed.telemetry)
    return {
      endpoint: managed.telemetry.config.otlpEndpoint,
      headers: managed.telemetry.config.headers ?? {},
      source: managedSource(managed.telemetry.file),
    };
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' && (traces || base))
    return {
      endpoint: traces || `${base!.replace(/\/+$/, '')}/v1/traces`,
      headers: parseHeaders(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS ?? env.OTEL_EXPORTER_OTLP_HEADERS),
      source: traces ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT',
    };
  return user ? { endpoint: user.otlpEndpoint, headers: user.headers ?? {}, source: userFile } : undefined;
}
