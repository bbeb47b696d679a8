/**
 * A URL whose user part carries a password (`postgres://user:pass@host/db`,
 * `http://user:pass@proxy:3128`), anywhere in the value. A user without a password
 * (`ssh://git@host`) is not a credential; neither is `mailto:me@host` (no `//`).
 */
const URL_WITH_PASSWORD = /:\/\/[^\s/?#@:]*:[^\s/?#@]+@/;

/** Whether an environment value holds a URL with a user name and a password. */
export function holdsUrlCredentials(value: string): boolean {
  return URL_WITH_PASSWORD.test(value);
}
