import { randomUUID } from 'node:crypto';

/** What a stored session's id may hold: it names a directory, so no separator, dot or space. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** A fresh session id (a UUID). */
export function newSessionId(): string {
  return randomUUID();
}

/** Whether `id` may name a stored session (a client's or a person's id is checked before it names a path). */
export function isSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}
