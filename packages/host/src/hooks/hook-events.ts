/**
 * The hook events a config may name, in Claude Code's names (camelCase keys; `hook_event_name`
 * in the input is the PascalCase form). Tool events match `matcher` against the tool's name,
 * subagent events against the delegate's name; the others ignore it.
 */
export const HOOK_EVENTS = [
  'preToolUse',
  'postToolUse',
  'postToolUseFailure',
  'permissionRequest',
  'userPromptSubmit',
  'sessionStart',
  'sessionEnd',
  'stop',
  'subagentStart',
  'subagentStop',
  'preCompact',
  'notification',
] as const;

/** One of {@link HOOK_EVENTS}. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** The event's name as hooks read it on stdin (`PreToolUse`). */
export function hookEventName(event: HookEvent): string {
  return `${event[0]!.toUpperCase()}${event.slice(1)}`;
}
