/**
 * What a failed file call says, for a message a model or a person reads: a system error's code and
 * description (`EACCES: permission denied`) without the call and the paths Node appends to it
 * (`, open '/proc/self/fd/21/.a.txt.0123456789ab.toolgate-tmp'`). Those paths are the workspace's
 * internals: a pinned directory's descriptor (whose number differs from one process to the next)
 * and a temporary file's random name. The message that quotes this names the file as the
 * workspace shows it. Any other error keeps its message.
 */
export function systemErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, syscall } = error as NodeJS.ErrnoException;
  const { message } = error;
  if (typeof code !== 'string' || typeof syscall !== 'string' || !message.startsWith(`${code}: `))
    return message;
  const tail = message.indexOf(`, ${syscall}`, code.length + 2);
  return tail < 0 ? message : message.slice(0, tail);
}
