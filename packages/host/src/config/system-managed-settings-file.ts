/**
 * Where the machine's managed settings live: `/Library/Application Support/toolgate/managed.json`
 * on macOS, `/etc/toolgate/managed.json` elsewhere.
 */
export function systemManagedSettingsFile(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin'
    ? '/Library/Application Support/toolgate/managed.json'
    : '/etc/toolgate/managed.json';
}
