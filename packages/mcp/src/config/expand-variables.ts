const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** The result of expanding `${VAR}` / `${VAR:-default}` in one string. */
export type ExpansionResult =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly missing: string };

/**
 * Expands `${VAR}` and `${VAR:-default}` as Claude Code's `.mcp.json` does: an unset variable
 * with a default takes the default (so does an empty one, as in the shell's `:-`), an unset
 * variable without one is an error naming it.
 */
export function expandVariables(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
): ExpansionResult {
  let missing: string | undefined;
  const value = text.replace(VARIABLE, (whole, name: string, fallback: string | undefined) => {
    const current = env[name];
    if (current !== undefined && current !== '') return current;
    if (fallback !== undefined) return fallback;
    if (current !== undefined) return current;
    missing ??= name;
    return whole;
  });
  return missing === undefined ? { ok: true, value } : { ok: false, missing };
}
