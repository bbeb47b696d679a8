import {
  type AnyTool,
  BUILT_IN_TOOL_NAMES,
  type OutputSpill,
  type ToolDefinition,
  type Workspace,
} from '@toolgate/core';
import { createAgentsMdTools, UPDATE_AGENTS_MD_SPEC } from '@toolgate/tools-agents-md';
import { createFsTools, READ_FILE_SPEC, WRITE_FILE_SPEC } from '@toolgate/tools-fs';
import { APPLY_PATCH_SPEC, createPatchTools, EDIT_SPEC } from '@toolgate/tools-patch';
import { createSearchTools, GLOB_SPEC, GREP_SPEC } from '@toolgate/tools-search';
import {
  BASH_SPEC,
  createProcessRegistry,
  createShellTools,
  type LocalSandboxSession,
  type ProcessRegistry,
  type SandboxSession,
} from '@toolgate/tools-shell';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import { TRACED_SHELL_ENVIRONMENT } from '../telemetry/trace-context.js';

/** What the built-in tools of one session share. */
export interface BuiltInToolsContext {
  readonly workspace: Workspace;
  readonly config: ToolgateConfig;
  /**
   * Only the tool families that define these names are created (a one-shot call needs one tool).
   * @default every built-in tool
   */
  readonly only?: readonly string[];
  /**
   * Where bash runs, when not on the host. A promise lets the other tools be created while the
   * sandbox is still opening (its probe waits on a child process); only bash waits for it.
   */
  readonly sandbox?:
    | LocalSandboxSession
    | SandboxSession
    | PromiseLike<LocalSandboxSession | SandboxSession | undefined>;
  /** The process registry bash starts processes in, shared with the session's tool modules. @default bash's own */
  readonly processes?: ProcessRegistry;
  /** Where an output over its tool's cap is kept whole. @default none: it is cut */
  readonly outputSpill?: OutputSpill;
}

/** The built-in tools, from every tool package, in AI4J's order. */
export interface BuiltInTools {
  readonly tools: readonly AnyTool[];
  /** Stops every process the session started and waits for them; resolves to how many were still running. */
  close(): Promise<number>;
}

/** The tools one package defines, and how to stop what they started. */
interface ToolFamily {
  readonly tools: readonly AnyTool[];
  close?(): Promise<number>;
}

/**
 * Each tool package's family. The packages are imported statically: importing one loads only its
 * factory and specs (the code that runs a tool loads on its first call), and in a bundle they
 * then share the session's chunk instead of costing a chunk each at every start.
 */
const FAMILIES: readonly {
  /** The family's specs (definitions), as the package declares them. */
  readonly specs: readonly { readonly definition: ToolDefinition }[];
  readonly load: (context: BuiltInToolsContext) => Promise<ToolFamily>;
}[] = [
  {
    specs: [BASH_SPEC],
    load: async ({ workspace, config, sandbox: opening, processes: shared, outputSpill }) => {
      const sandbox = await opening;
      const options = config.tools?.bash ?? {};
      const processes = shared ?? createProcessRegistry(outputSpill ? { outputSpill } : {});
      const shell = createShellTools({
        workspace,
        processes,
        ...(sandbox ? { sandbox } : {}),
        ...(outputSpill ? { outputSpill } : {}),
        ...(options.timeoutMs === undefined ? {} : { defaultTimeoutMs: options.timeoutMs }),
        ...(options.maxOutputBytes === undefined ? {} : { maxOutputBytes: options.maxOutputBytes }),
        // TRACEPARENT of the running call, when traces are on.
        environment: TRACED_SHELL_ENVIRONMENT,
      });
      return {
        tools: [shell.bash],
        close: async () => {
          const running = processes.list().filter((info) => info.status === 'RUNNING').length;
          await processes.close();
          return running;
        },
      };
    },
  },
  {
    specs: [READ_FILE_SPEC, WRITE_FILE_SPEC],
    load: async ({ workspace, config }) => {
      const maxChars = config.tools?.read_file?.maxChars;
      const fs = createFsTools({
        workspace,
        ...(maxChars === undefined ? {} : { defaultReadMaxChars: maxChars }),
      });
      return { tools: [fs.read_file, fs.write_file] };
    },
  },
  {
    specs: [APPLY_PATCH_SPEC, EDIT_SPEC],
    load: async ({ workspace }) => {
      const patch = createPatchTools({ workspace });
      return { tools: [patch.apply_patch, patch.edit] };
    },
  },
  {
    specs: [GLOB_SPEC, GREP_SPEC],
    load: async ({ workspace, config }) => {
      const engine = config.tools?.search?.engine;
      const search = createSearchTools({ workspace, ...(engine === undefined ? {} : { engine }) });
      return { tools: [search.glob, search.grep] };
    },
  },
  {
    specs: [UPDATE_AGENTS_MD_SPEC],
    load: async ({ workspace }) => {
      return { tools: [createAgentsMdTools({ workspace }).update_agents_md] };
    },
  },
];

const ORDER: readonly string[] = BUILT_IN_TOOL_NAMES;

const defines = (family: (typeof FAMILIES)[number], name: string): boolean =>
  family.specs.some((spec) => spec.definition.name === name);

/**
 * What the built-in tool `name` declares, read from its spec without building it: whether it runs
 * commands (its kind is `execute`), and so wants the session's sandbox; `undefined` when no
 * built-in tool has that name.
 */
export function builtInToolDeclaration(name: string): { readonly runsCommands: boolean } | undefined {
  const spec = FAMILIES.flatMap((family) => family.specs).find(
    (candidate) => candidate.definition.name === name,
  );
  return spec ? { runsCommands: spec.definition.kind === 'execute' } : undefined;
}

/** Builds the session's built-in tools (or only those asked for), each package configured from the config file. */
export async function createBuiltInTools(context: BuiltInToolsContext): Promise<BuiltInTools> {
  const { only } = context;
  const families = await Promise.all(
    FAMILIES.filter((family) => !only || only.some((name) => defines(family, name))).map((family) =>
      family.load(context),
    ),
  );
  const tools = families
    .flatMap((family) => family.tools)
    .sort((left, right) => ORDER.indexOf(left.definition.name) - ORDER.indexOf(right.definition.name));
  return {
    tools,
    close: async () => {
      const stopped = await Promise.all(families.map((family) => family.close?.() ?? 0));
      return stopped.reduce((sum, count) => sum + count, 0);
    },
  };
}
