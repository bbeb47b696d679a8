import { randomBytes } from 'node:crypto';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ApprovalMode } from '../approval/approval-mode.js';
import type { ApprovalAnswer } from '../approval/approver.js';
import { bindClient } from '../client/bind-client.js';
import { standardDecorators } from '../decorators/standard-decorators.js';
import type { ToolEvent } from '../events/tool-event.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import type { AnyTool } from '../tool/tool.js';
import type { ReadPolicy } from '../workspace/read-policy.js';
import type { Workspace } from '../workspace/workspace.js';
import { createTempWorkspace } from './create-temp-workspace.js';

/** Where the read-policy kit put things, root-relative with `/`, for the calls to aim at. */
export interface ReadPolicyPaths {
  /** A file the workspace's read policy denies (a stand-in for `Read(private/keys/**)`). */
  readonly denied: string;
  /** The directory holding it, which the policy denies too. */
  readonly deniedDirectory: string;
  /** A symlink with an innocent name that leads to the denied file. */
  readonly link: string;
  /** A file the policy admits. */
  readonly admitted: string;
  /**
   * A line close to (but not equal to) the denied file's lines and the admitted file's, for calls
   * that should fail by quoting the closest lines (an `old_string`, a hunk's context).
   */
  readonly nearMiss: string;
}

/** One call of the tool under test. */
export interface ReadPolicyCall {
  /** The tool's wire name. */
  readonly tool: string;
  /** Its arguments. */
  readonly arguments: Record<string, unknown>;
}

/** Options for {@link checkReadPolicy}. */
export interface ReadPolicyCheckOptions {
  /** Builds the tools under test over the workspace the kit made (a fresh one for every call). */
  readonly createTools: (workspace: Workspace) => readonly AnyTool[];
  /** The calls to make, aimed at the kit's paths: every way the tool can name, walk or quote a file. */
  readonly calls: (paths: ReadPolicyPaths) => readonly ReadPolicyCall[];
  /**
   * Extra set-up of each fresh workspace before its call, given the real root: a tool with a fixed
   * path (AGENTS.md) links it to the denied file here. @default nothing
   */
  readonly setUp?: (root: string, paths: ReadPolicyPaths) => Promise<void>;
  /** The modes to run each call in. @default ['manual', 'safe', 'auto'] */
  readonly modes?: readonly ApprovalMode[];
}

/** Content that reached the model (or a listener) when it must not have. */
export interface ReadPolicyViolation {
  readonly mode: ApprovalMode;
  readonly call: ReadPolicyCall;
  /**
   * `denied`: the denied file's content, anywhere; `unapproved`: a file's content before approval;
   * `content-dependent`: with nothing approved, a result that differs when the files hold
   * `nearMiss` as a line (an oracle: whether an `old_string` or a hunk matches, probed unread);
   * `client-asked`: a client's files (an editor's, lent to a tool that declares `clientFiles`)
   * were asked about the denied file or directory, which the client is a transport for, not a judge.
   */
  readonly leak: 'denied' | 'unapproved' | 'content-dependent' | 'client-asked';
  /** Where: `result`, or the type of the event. */
  readonly where: string;
}

const DENIED_DIRECTORY = 'private/keys';

/**
 * Runs every call through a standard surface over a fresh workspace whose read policy denies
 * `private/keys` and everything below it, once with an approver that allows everything and, in
 * manual mode, once with one that rejects everything, and reports every violation of the read
 * policy (docs/architecture.md, "The boundary"): the denied file's content in any result, error,
 * preview or event, whatever was approved; and in manual mode, any file's content in a result or
 * in an event other than the approval question while nothing was approved, and any difference
 * the files' content makes to a result while nothing was approved (each manual-mode call rejected
 * runs again over files that also hold `nearMiss` as a line, and its result must be identical).
 * Resolves to `[]` when the tools keep the policy.
 */
export async function checkReadPolicy(options: ReadPolicyCheckOptions): Promise<ReadPolicyViolation[]> {
  const modes = options.modes ?? ['manual', 'safe', 'auto'];
  const deniedMarker = `denied-${randomBytes(6).toString('hex')}`;
  const admittedMarker = `admitted-${randomBytes(6).toString('hex')}`;
  const paths: ReadPolicyPaths = {
    denied: `${DENIED_DIRECTORY}/prod.txt`,
    deniedDirectory: DENIED_DIRECTORY,
    link: 'innocent.txt',
    admitted: 'notes.txt',
    nearMiss: 'password = markr',
  };
  const policy: ReadPolicy = ({ displayPath }) =>
    displayPath === DENIED_DIRECTORY || displayPath.startsWith(`${DENIED_DIRECTORY}/`)
      ? { message: `Refused by the read policy: ${displayPath}.` }
      : undefined;
  const violations: ReadPolicyViolation[] = [];
  const content = (marker: string, matching: boolean) =>
    `${matching ? `${paths.nearMiss}\n` : ''}password = ${marker}\nuser = ${marker}\n${Array.from({ length: 5 }, (_, index) => `line ${index} ${marker}`).join('\n')}\n`;
  /** One call over a fresh workspace; `matching`: the files hold `nearMiss` as a line of their own. */
  const run = async (mode: ApprovalMode, answer: ApprovalAnswer, call: ReadPolicyCall, matching: boolean) => {
    const temp = await createTempWorkspace({ prefix: 'toolgate-read-policy-', readPolicy: policy });
    try {
      await temp.write(paths.denied, content(deniedMarker, matching));
      await temp.write(paths.admitted, content(admittedMarker, matching));
      await mkdir(dirname(join(temp.root, paths.link)), { recursive: true });
      await symlink(paths.denied, join(temp.root, paths.link));
      await writeFile(
        join(temp.root, 'README.md'),
        `${matching ? `${paths.nearMiss}\n` : ''}password = ${admittedMarker}\n`,
      );
      await options.setUp?.(temp.root, paths);
      const events: ToolEvent[] = [];
      // A client that holds no file (the disk is read, as without one) and notes what it is asked.
      const asked: string[] = [];
      const client = {
        files: {
          readTextFile: async (realPath: string) => {
            asked.push(realPath);
            return undefined;
          },
        },
      };
      const surface = createToolSurface({
        tools: options.createTools(temp.workspace).map((tool) => bindClient(tool, client)),
        decorators: standardDecorators({
          onEvent: (event) => events.push(event),
          approval: { mode, approver: async () => answer },
        }),
      });
      const result = await surface.executor.execute({
        id: 'read-policy',
        name: call.tool,
        arguments: call.arguments,
      });
      // The result as the model reads it, the workspace's random root put aside.
      const seenByModel = (JSON.stringify(result) ?? '').split(temp.root).join('<root>');
      const deniedReal = join(temp.workspace.root, DENIED_DIRECTORY);
      const clientAsked = asked.some((path) => path === deniedReal || path.startsWith(`${deniedReal}/`));
      return { result, events, seenByModel, clientAsked };
    } finally {
      await temp.cleanup();
    }
  };
  for (const mode of modes) {
    const answers: ApprovalAnswer[] = mode === 'manual' ? ['allow_once', 'reject_once'] : ['allow_once'];
    for (const answer of answers) {
      for (const call of options.calls(paths)) {
        const { result, events, seenByModel, clientAsked } = await run(mode, answer, call, false);
        if (clientAsked) violations.push({ mode, call, leak: 'client-asked', where: 'client' });
        const seen: [string, unknown][] = [
          ['result', result],
          ...events.map((event): [string, unknown] => [event.type, event]),
        ];
        for (const [where, value] of seen) {
          const text = JSON.stringify(value) ?? '';
          if (text.includes(deniedMarker)) violations.push({ mode, call, leak: 'denied', where });
          if (
            mode === 'manual' &&
            answer === 'reject_once' &&
            where !== 'approval-request' &&
            text.includes(admittedMarker)
          )
            violations.push({ mode, call, leak: 'unapproved', where });
        }
        if (mode === 'manual' && answer === 'reject_once') {
          // An oracle: whether the call's text matches the file must not show before approval.
          const matched = await run(mode, answer, call, true);
          if (matched.seenByModel !== seenByModel)
            violations.push({ mode, call, leak: 'content-dependent', where: 'result' });
        }
      }
    }
  }
  return violations;
}
