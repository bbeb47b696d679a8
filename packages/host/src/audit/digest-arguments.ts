import { createHash } from 'node:crypto';

/** `sha256:<hex>` of a call's arguments as the model sent them. */
export function digestArguments(argumentsValue: unknown): string {
  const text = typeof argumentsValue === 'string' ? argumentsValue : (JSON.stringify(argumentsValue) ?? '');
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
