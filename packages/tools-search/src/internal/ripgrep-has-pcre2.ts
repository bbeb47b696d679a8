import { execFile } from 'node:child_process';

/** True when `rg --pcre2-version` says this `rg` was built with PCRE2 (so `--pcre2` works). */
export function ripgrepHasPcre2(ripgrepPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      execFile(ripgrepPath, ['--pcre2-version'], { timeout: 10_000 }, (error, stdout) => {
        resolve(error === null && /PCRE2 .* is available/.test(stdout));
      });
    } catch {
      resolve(false);
    }
  });
}
