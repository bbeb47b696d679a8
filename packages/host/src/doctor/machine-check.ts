/** One thing `toolgate doctor` looked at. */
export interface MachineCheck {
  /** What was checked (`node`, `sandbox`, `ripgrep`, …). */
  readonly name: string;
  /** `ok`: works; `warn`: works less well or less safely; `fail`: a session cannot start or is unsafe as configured. */
  readonly status: 'ok' | 'warn' | 'fail';
  /** What was found, in one line. */
  readonly detail: string;
  /** What to do about it, when anything. */
  readonly fix?: string;
}
