/** Edit distance between two strings (Levenshtein), bounded work for short names. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidates closest to `input`, best first: case-insensitive edit distance, with substring
 * matches counted as close. Only candidates within a distance that still looks like a typo are kept.
 */
export function findClosestMatches(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const needle = input.toLowerCase();
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    let score = editDistance(needle, hay);
    if (needle.length >= 3 && (hay.includes(needle) || needle.includes(hay))) score = Math.min(score, 1);
    const allowed = Math.max(2, Math.floor(Math.max(needle.length, hay.length) / 3));
    if (score <= allowed) scored.push({ candidate, score });
  }
  scored.sort((left, right) => left.score - right.score || left.candidate.localeCompare(right.candidate));
  return scored.slice(0, limit).map((entry) => entry.candidate);
}

/** The single closest candidate, or undefined when none looks like a typo of `input`. */
export function findClosestMatch(input: string, candidates: Iterable<string>): string | undefined {
  return findClosestMatches(input, candidates, 1)[0];
}
