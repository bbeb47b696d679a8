import { managedSource } from './load-managed-policy.js';
import type { ManagedPolicy } from './managed-policy.js';

/**
 * The managed settings in effect as lines for people (`toolgate permissions`), each entry marked
 * as managed and naming its file; no lines when the machine has no managed settings.
 */
export function describeManagedPolicy(managed: ManagedPolicy): string[] {
  if (managed.files.length === 0) return [];
  const lines = [`managed settings: ${managed.files.join(', ')}`];
  const entry = (text: string, file: string) => lines.push(`  managed  ${text}  (${managedSource(file)})`);
  for (const rule of managed.rules) lines.push(`  managed  ${rule.list} ${rule.text}  (${rule.source})`);
  if (managed.managedRulesOnly)
    entry('allowManagedRulesOnly: user and workspace allow rules are ignored', managed.managedRulesOnly);
  if (managed.leastStrictApproval)
    entry(`approval.leastStrict ${managed.leastStrictApproval.mode}`, managed.leastStrictApproval.file);
  const { sandbox } = managed;
  if (sandbox.requiredBy) entry('sandbox.required', sandbox.requiredBy);
  if (sandbox.leastStrict) entry(`sandbox.leastStrict ${sandbox.leastStrict.mode}`, sandbox.leastStrict.file);
  if (sandbox.networkOffBy) entry('sandbox.network false', sandbox.networkOffBy);
  for (const [event, hooks] of Object.entries(managed.hooks))
    for (const hook of hooks ?? []) lines.push(`  managed  hook ${event}: ${hook.command}  (${hook.source})`);
  if (managed.managedHooksOnly)
    entry('allowManagedHooksOnly: only managed hooks run', managed.managedHooksOnly);
  if (managed.allowedMcpServers)
    entry(
      `mcp.allowedServers ${managed.allowedMcpServers.servers.map((server) => `${server.name} (${server.command ?? server.url})`).join(', ') || 'none'}`,
      managed.allowedMcpServers.file,
    );
  if (managed.allowedModules)
    entry(
      `tools.allowedModules ${managed.allowedModules.modules.join(', ') || 'none'}`,
      managed.allowedModules.file,
    );
  for (const [key, ceiling] of Object.entries(managed.limits))
    if (ceiling) entry(`limits.${key} at most ${ceiling.value}`, ceiling.file);
  for (const file of managed.audit) lines.push(`  managed  audit ${file}`);
  return lines;
}
