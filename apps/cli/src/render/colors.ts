/** ANSI styling that is a no-op when colour is off. */
export interface Colors {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

function wrap(open: number, close: number, enabled: boolean) {
  return (text: string) => (enabled && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text);
}

/** Colours for one output stream. */
export function createColors(enabled: boolean): Colors {
  return {
    enabled,
    bold: wrap(1, 22, enabled),
    dim: wrap(2, 22, enabled),
    red: wrap(31, 39, enabled),
    green: wrap(32, 39, enabled),
    yellow: wrap(33, 39, enabled),
    cyan: wrap(36, 39, enabled),
  };
}

/** Colour on a TTY, unless `NO_COLOR` is set; `FORCE_COLOR` (not `0`) turns it on anywhere. */
export function shouldUseColor(isTty: boolean, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTty && env.TERM !== 'dumb';
}
