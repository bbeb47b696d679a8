import type { ApprovalMode } from '@toolgate/core';
import type { ToolgateConfig } from '@toolgate/host';

/** The settings in effect, and the project keys left out because they would loosen the rules. */
export interface LayeredConfig {
  readonly config: ToolgateConfig;
  /** Project keys ignored, as `key value` for the notice (`approval "auto"`). */
  readonly ignored: readonly string[];
}

// How much each mode lets run without asking.
const LOOSENESS: Readonly<Record<ApprovalMode, number>> = { manual: 0, safe: 1, auto: 2 };

function unique(paths: readonly string[]): string[] {
  return [...new Set(paths)];
}

/**
 * The user's file, then the project's on top (DESIGN §9: project file > user file). A trusted
 * project overrides key by key. An untrusted one may only tighten: a looser approval mode,
 * `allowOutsideWorkspace: true` and extra `readRoots` are ignored (listed in `ignored`); protected
 * paths always add to the user's; the rest (search exclusions, output limits) applies as given.
 */
export function layerConfig(user: ToolgateConfig, project: ToolgateConfig, trusted: boolean): LayeredConfig {
  const ignored: string[] = [];
  const userWorkspace = user.workspace ?? {};
  const projectWorkspace = { ...project.workspace };
  let approval = project.approval;
  if (!trusted) {
    const base = user.approval ?? 'safe';
    if (approval !== undefined && LOOSENESS[approval] > LOOSENESS[base]) {
      ignored.push(`approval ${JSON.stringify(approval)}`);
      approval = undefined;
    }
    if (projectWorkspace.allowOutsideWorkspace === true && userWorkspace.allowOutsideWorkspace !== true) {
      ignored.push('workspace.allowOutsideWorkspace true');
      delete projectWorkspace.allowOutsideWorkspace;
    }
    if (projectWorkspace.readRoots !== undefined && projectWorkspace.readRoots.length > 0) {
      ignored.push(`workspace.readRoots ${JSON.stringify(projectWorkspace.readRoots)}`);
      delete projectWorkspace.readRoots;
    }
  }
  const protectedPaths = unique([
    ...(userWorkspace.protectedPaths ?? []),
    ...(projectWorkspace.protectedPaths ?? []),
  ]);
  const workspace = {
    ...userWorkspace,
    ...projectWorkspace,
    ...(protectedPaths.length > 0 ? { protectedPaths } : {}),
  };
  const tools = {
    ...user.tools,
    ...project.tools,
    ...(user.tools?.read_file || project.tools?.read_file
      ? { read_file: { ...user.tools?.read_file, ...project.tools?.read_file } }
      : {}),
    ...(user.tools?.bash || project.tools?.bash
      ? { bash: { ...user.tools?.bash, ...project.tools?.bash } }
      : {}),
    ...(user.tools?.search || project.tools?.search
      ? { search: { ...user.tools?.search, ...project.tools?.search } }
      : {}),
  };
  const approvalInEffect = approval ?? user.approval;
  const config: ToolgateConfig = {
    ...(approvalInEffect === undefined ? {} : { approval: approvalInEffect }),
    ...(Object.keys(workspace).length > 0 ? { workspace } : {}),
    ...(Object.keys(tools).length > 0 ? { tools } : {}),
  };
  return { config, ignored };
}
