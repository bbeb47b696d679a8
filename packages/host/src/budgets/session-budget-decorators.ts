import type { ToolDecorator } from '@toolgate/core';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import { withRateLimit } from './with-rate-limit.js';

/**
 * The budget decorators of a session's config, first in the `before` slot (before hooks and
 * approval): the calls per tool per minute. The agent's budgets (calls per turn, wall time,
 * tokens) are its limits.
 */
export function sessionBudgetDecorators(config: ToolgateConfig): ToolDecorator[] {
  const maxPerMinute = config.limits?.maxCallsPerToolPerMinute;
  return maxPerMinute === undefined ? [] : [withRateLimit({ maxPerMinute })];
}
