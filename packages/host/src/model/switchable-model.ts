import type { AgentModel } from '@toolgate/agent';
import { delegatingModel } from './delegating-model.js';

/** A model that can be replaced between requests: what a session's `setModel` changes. */
export interface SwitchableModel {
  /** Delegates every request to the current model; its provider and id are the current one's. */
  readonly model: AgentModel;
  /** Makes `next` the model of every later request (a request already sent goes on). */
  switchTo(next: AgentModel): void;
}

/** Wraps `initial` so a host can change the session's model mid-session (`/model`). */
export function switchableModel(initial: AgentModel): SwitchableModel {
  let current = initial;
  const model = delegatingModel(() => current);
  return {
    model,
    switchTo(next) {
      current = next;
    },
  };
}
