import { z } from 'zod';
import { HOOK_EVENTS, type HookEvent } from './hook-events.js';

/** One hook: a shell command for the events (and, for tool events, the tools) its matcher matches. */
export const HOOK_ENTRY_SCHEMA = z.strictObject({
  /** Tool names (`bash`, `mcp__github__*`), several joined by `|`; empty or `*` is every tool. */
  matcher: z.string().optional(),
  /** Run with `sh -c` in the workspace root; the event arrives as JSON on stdin. */
  command: z.string().min(1),
  /** Seconds before the hook is killed (and, where it may block, what it guards is blocked). @default 10 */
  timeout: z.number().positive().max(600).optional(),
});

/** A config's `hooks`: a list of hook entries per event. */
export const HOOKS_CONFIG_SCHEMA = z.strictObject(
  Object.fromEntries(HOOK_EVENTS.map((event) => [event, z.array(HOOK_ENTRY_SCHEMA).optional()])) as Record<
    HookEvent,
    z.ZodOptional<z.ZodArray<typeof HOOK_ENTRY_SCHEMA>>
  >,
);
