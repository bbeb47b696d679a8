/** Model-facing description of the bash tool. AI4J's first sentence, then how to use each action. */
export const BASH_DESCRIPTION = [
  'Execute non-interactive shell commands or manage interactive/background shell processes inside the workspace.',
  'action=exec (default) runs `command` to completion and returns exitCode, stdout and stderr; stdin is closed, so a command waiting for input ends instead of hanging. A non-zero exit code is a normal result. At `timeoutMs` (default 30000) the whole process group is stopped and the result says timedOut.',
  'For servers, watchers and interactive programs use action=start (returns a processId), then action=logs (offset/limit over one combined log whose lines start with [stdout] or [stderr]), action=status, action=write (sends `input` as is; add "\\n" yourself to submit a line), action=stop and action=list; when a log outgrows what is kept, `logFile` (when given) names a file holding all of it (read it in ranges with read_file).',
  'Each stream of exec output is capped, keeping its beginning and end. `cwd` is relative to the workspace root.',
].join(' ');

/** Appended to stderr when exec hits its timeout (AI4J's text). */
export const BASH_TIMEOUT_HINT =
  'Command timed out before exit. If it is interactive or long-running, use bash action=start and then bash action=logs/status/write/stop instead of bash action=exec.';
