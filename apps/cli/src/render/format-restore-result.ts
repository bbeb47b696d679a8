import type { StoredRewind } from '@toolgate/host';

/** What restoring the files did, for people: the files written back, removed and left alone, or why nothing was. */
export function formatRestoreResult(files: NonNullable<StoredRewind['files']>): string {
  if (files.status === 'refused') {
    const paths = files.paths.map((path) => `  ${path}\n`).join('');
    const turns = files.turns.length > 0 ? ` Checkpoints: turns ${files.turns.join(', ')}.` : '';
    const hint = files.code === 'changed_outside' ? ' Pass --force to restore them anyway.' : '';
    return `Not restored: ${files.message}\n${paths}${turns}${hint}\n`;
  }
  const line = (label: string, paths: readonly string[]) =>
    paths.length === 0 ? '' : `  ${label} ${paths.join(', ')}\n`;
  return (
    `Restored the files to how they were before turn ${files.turn}` +
    (files.restored.length + files.deleted.length === 0 ? ' (nothing had changed).\n' : ':\n') +
    line('restored', files.restored) +
    line('removed ', files.deleted) +
    files.skipped.map((entry) => `  skipped  ${entry.path} (${entry.reason})\n`).join('')
  );
}
