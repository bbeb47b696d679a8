import type { ToolKind } from '../tool/tool-definition.js';

/**
 * How people see one call, before it runs: hosts show it as the call's line (`toolgate run`) or
 * as ACP's `tool_call` (title, kind, locations). Built by {@link presentToolCall} from the tool's
 * own declaration; no host names a tool to build it.
 */
export interface ToolCallPresentation {
  /** One line, control characters escaped, at most 120 characters: ``Run `npm test` ``, `Read src/a.ts`. */
  readonly title: string;
  /** ACP kind of this call: the tool's, unless its declaration names a narrower one (`delete`). */
  readonly kind: ToolKind;
  /** Paths the call touches as the tool shows them (relative to the workspace root, or absolute). */
  readonly locations: readonly string[];
}

/**
 * A short account of a call's success for people (never sent to the model): a line such as
 * `exit 0 · 12ms` or `3 matches`, and the output as a person reads it. Hosts escape both before
 * they reach a terminal.
 */
export interface ToolDisplay {
  /** One line: `exit 0 · 12ms`, `Read a.ts (lines 1–40)`, `3 matches`, `M a.ts (2 replacements)`. */
  readonly summary: string;
  /**
   * The output as a person reads it (a command's output, a file's lines, one match a line). A host
   * shows it whole (`toolgate call`) or its first lines (`toolgate run`, an editor).
   */
  readonly text?: string;
  /**
   * Text a person should see beside `text` that is not the output proper (a command's standard
   * error). A terminal host writes it to stderr; an editor shows it after the text.
   */
  readonly notes?: string;
  /**
   * The model's plan, when the call set one (a plan tool): every step with its status. A terminal
   * shows it under the turn; an editor gets it as ACP's `plan` update.
   */
  readonly plan?: readonly PlanStep[];
}

/** One step of a plan a model keeps (Codex's `update_plan` shape). */
export interface PlanStep {
  readonly step: string;
  readonly status: 'pending' | 'in_progress' | 'completed';
}

/**
 * A tool's own account of itself to people, part of its spec beside `approval`: how a call is
 * titled and located, and how its success is summarised. Every part is optional; core's default
 * titles a call by its approval summary's lines, else by its name (or `annotations.title`) and
 * first string argument, and gives no display. A declaration that throws is ignored.
 */
export interface ToolPresentation<Input, Output = never> {
  /** The call, from its parsed input. `kind` and `locations` default to the approval summary's, then the tool's kind. */
  readonly call?: (input: Input) => {
    readonly title: string;
    readonly kind?: ToolKind;
    readonly locations?: readonly string[];
  };
  /** The success, from its output (and the input); the surface puts it on the result as `display`. */
  readonly result?: (output: Output, input: Input) => ToolDisplay | undefined;
}
