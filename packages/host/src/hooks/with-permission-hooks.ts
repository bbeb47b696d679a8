import type { Approver } from '@toolgate/core';
import type { SessionHookRunner } from './create-session-hook-runner.js';

/** Options of {@link withPermissionHooks}. */
export interface PermissionHooksOptions {
  readonly runner: SessionHookRunner;
  /** Where an allow with `updatedInput` leaves the new arguments, by call id, for `withHooks` to judge as a new call. */
  readonly rewrites: Map<string, Readonly<Record<string, unknown>>>;
  /** Hears a notification hook that failed. */
  readonly onNotice: (line: string) => void;
  /** Settles once every notification hook started so far has ended (the session waits for them when it closes). */
  readonly track: (running: Promise<void>) => void;
}

/**
 * The host's approver behind the permissionRequest and notification hooks. When a call would ask,
 * each matching permissionRequest hook gets the question (`tool_name`, `tool_input`,
 * `tool_use_id`) and may answer it (`hookSpecificOutput.decision`: `behavior` `allow` or `deny`
 * with a `message` the model reads, an allow may carry `updatedInput`); a hook that fails, times
 * out, exits 2 or prints what cannot be read denies (fail closed). An allow with `updatedInput`
 * refuses the asked call and leaves the new arguments to `withHooks`, which judges them as a new
 * call (a second rewrite of it is refused). When no hook answers, the notification hooks hear that
 * a question waits (`notification_type: "permission_prompt"`, `message`) while the person is
 * asked; without an approver the call is refused.
 */
export function withPermissionHooks(
  approver: Approver | undefined,
  options: PermissionHooksOptions,
): Approver | undefined {
  const { runner } = options;
  if (!runner.has('permissionRequest') && !runner.has('notification')) return approver;
  return async (request, signal) => {
    const outcomes = await runner.run(
      'permissionRequest',
      { tool_name: request.toolName, tool_input: request.input, tool_use_id: request.callId },
      { subject: request.toolName, signal },
    );
    for (const { hook, verdict } of outcomes) {
      const named = `the permissionRequest hook ${JSON.stringify(hook.command)}`;
      if (verdict.type === 'block')
        return { kind: 'reject_once', feedback: `Denied by ${named}: ${verdict.reason}` };
      const permission = verdict.specific?.permission;
      if (permission?.behavior === 'deny')
        return {
          kind: 'reject_once',
          feedback: `Denied by ${named}: ${permission.message ?? 'no reason given'}`,
        };
      if (permission?.behavior === 'allow') {
        const updated = verdict.specific?.updatedInput;
        if (updated === undefined) return 'allow_once';
        options.rewrites.set(request.callId, updated);
        return 'reject_once';
      }
    }
    if (runner.has('notification'))
      options.track(
        runner.notify(
          'notification',
          {
            notification_type: 'permission_prompt',
            message: `toolgate needs your permission to use ${request.toolName}`,
            title: request.title,
          },
          'permission_prompt',
        ),
      );
    return approver ? approver(request, signal) : 'cancelled';
  };
}
