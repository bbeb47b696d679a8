import { join } from 'node:path';
import type { ContainerSandbox } from '@toolgate/sandbox-container';
import type {
  SessionContainerSettings,
  SessionSandboxContext,
  SessionSandboxSettings,
} from './open-session-sandbox.js';
import { SandboxRequiredError } from './sandbox-required-error.js';
import { workspaceRelative } from './workspace-relative.js';

/**
 * Opens the session's container (`sandbox.provider: "container"`): the workspace bound in the
 * session's mode, the config's protected paths read-only, secrets and what the read policy denies
 * masked. Chosen on purpose, it never falls back: no image, a mode of danger-full-access, an engine
 * that does not answer or a container that cannot start is a `SandboxRequiredError`.
 */
export async function openSessionContainer(
  settings: SessionSandboxSettings,
  container: SessionContainerSettings,
  context: SessionSandboxContext,
): Promise<ContainerSandbox> {
  const mode = settings.mode ?? 'workspace-write';
  if (mode === 'danger-full-access') {
    throw new SandboxRequiredError(
      `${container.requiredBy} runs bash in a container, but the sandbox mode is danger-full-access. Use read-only or workspace-write.`,
    );
  }
  if (container.image === undefined) {
    throw new SandboxRequiredError(
      `${container.requiredBy} needs "sandbox": {"image": …}: an image present in the engine (toolgate never pulls one).`,
    );
  }
  if (settings.network) {
    throw new SandboxRequiredError(
      `${container.requiredBy}: a container gets no host network; remove "sandbox": {"network": true} and name the hosts it may reach in "network": {"allow": […]}.`,
    );
  }
  const { allowlist } = settings;
  const { openContainerSandbox } = await import('@toolgate/sandbox-container');
  const root = context.workspace.root;
  const protectedPaths = (
    await Promise.all(context.protectedPaths.map((path) => workspaceRelative(root, path)))
  ).filter((path): path is string => path !== undefined);
  const { readPolicy } = context;
  const limits = Object.fromEntries(
    Object.entries(container.limits ?? {}).filter(([, value]) => value !== undefined),
  );
  let opening: Awaited<ReturnType<typeof openContainerSandbox>>;
  try {
    opening = await openContainerSandbox({
      workspaceRoot: root,
      mode,
      image: container.image,
      ...(container.engine === undefined ? {} : { engine: container.engine }),
      limits,
      ...(allowlist
        ? {
            network: {
              allow: allowlist.allow,
              ...(allowlist.mode === undefined ? {} : { mode: allowlist.mode }),
              ...(context.onNetworkRefusal ? { onRefusal: context.onNetworkRefusal } : {}),
            },
          }
        : {}),
      protectedPaths,
      secrets: context.workspace.secrets.patterns,
      ...(readPolicy
        ? {
            readDenied: (path: string, directory: boolean) =>
              readPolicy({ realPath: join(root, path), displayPath: path, directory }) !== undefined,
          }
        : {}),
    });
  } catch (error) {
    throw new SandboxRequiredError(`${container.requiredBy}: ${(error as Error).message}`);
  }
  if (!opening.ok) {
    throw new SandboxRequiredError(`${container.requiredBy}, but no container can run: ${opening.reason}`);
  }
  return opening.sandbox;
}
