import { z } from 'zod';

/**
 * `telemetry` in the user's config or the managed settings (never a workspace's, even trusted):
 * where OpenTelemetry traces go over OTLP/HTTP (JSON).
 */
export const TELEMETRY_CONFIG_SCHEMA = z.strictObject({
  /** The OTLP/HTTP traces endpoint (`https://collector.example/v1/traces`). */
  otlpEndpoint: z.url(),
  /** Headers sent with every export (an API key). @default {} */
  headers: z.record(z.string(), z.string()).optional(),
});
