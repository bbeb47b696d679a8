import type { ApprovalMode } from './approval-mode.js';

/**
 * What the model reads when the mode itself refuses a call (no one was asked): the mode, the
 * call, and what to do instead. Only plan and dont-ask refuse.
 */
export function modeRefusalReason(mode: ApprovalMode, detail: string): string {
  if (mode === 'plan')
    return `plan mode: this call would change something, so it did not run: ${detail}. Propose the change instead: present your plan, and the person switches to a mode that lets it run once they approve it.`;
  return `${mode} mode: this call would need a person's approval and nobody is asked in ${mode} mode, so it did not run: ${detail}. Do without it, or say what you need; an allow rule in the user's config pre-approves such a call.`;
}
