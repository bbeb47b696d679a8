import type { z } from 'zod';
import type { ToolApproval } from '../approval/tool-approval.js';
import type { ClientFilesUse } from '../client/client-files.js';
import type { ToolPresentation } from '../presentation/tool-presentation.js';
import { findClosestMatch } from '../text/closest-match.js';
import { assertToolName } from './assert-tool-name.js';
import { formatZodIssues } from './format-zod-issues.js';
import { type InputCheck, runInputCheck } from './input-check.js';
import { toJsonSchema } from './to-json-schema.js';
import {
  type DirectToolImplementation,
  implementTool,
  type PlannedToolImplementation,
  type Tool,
} from './tool.js';
import type {
  JsonSchemaObject,
  ToolAnnotations,
  ToolDefinition,
  ToolKind,
  ToolSource,
} from './tool-definition.js';
import type { ArgumentsParseResult, ToolSpec } from './tool-spec.js';

/** Options for {@link defineTool}. */
export interface DefineToolOptions<Schema extends z.ZodObject> {
  /** Wire name. */
  readonly name: string;
  /** Model-facing description. */
  readonly description: string;
  /**
   * zod object schema of the arguments; its JSON Schema is what the model sees. A function that
   * builds it defers building it to the first call (with `inputJsonSchema`, listing the tool builds
   * no zod schema at all); it is called once.
   */
  readonly input: Schema | (() => Schema);
  /**
   * `input`'s JSON Schema, generated ahead of time, to save converting it when a host lists its
   * tools at start-up. It must be what `input` converts to: the built-in tools generate theirs
   * with `pnpm generate:schemas`, and a test compares. @default converted from `input` on first read
   */
  readonly inputJsonSchema?: JsonSchemaObject;
  /**
   * What `input` accepts unchanged, derived from it ahead of time (`deriveInputCheck`; the
   * built-in tools generate theirs with `pnpm generate:schemas`, and a test compares): arguments
   * it vouches for skip loading zod and building `input`; all others go to `input`, which decides
   * and words the error. @default every call goes to `input`
   */
  readonly inputCheck?: InputCheck | undefined;
  /** ACP kind. @default 'other' */
  readonly kind?: ToolKind;
  /** MCP hints. @default {} */
  readonly annotations?: ToolAnnotations;
  /** Where the tool comes from. @default { type: 'built-in' } */
  readonly source?: ToolSource;
  /**
   * When a call asks, and how it is shown and remembered. @default ask in manual; run in safe only
   * when annotated read-only (or a delegate); run in auto
   */
  readonly approval?: ToolApproval<z.output<Schema>>;
  /**
   * How people see a call and its success; `result` may type its output parameter. @default the
   * approval summary's lines, else the name and first string argument; no display
   */
  readonly presentation?: ToolPresentation<z.output<Schema>>;
  /** Whether the tool can read, or read and write, through a client's files (`ToolSpec.clientFiles`). @default none */
  readonly clientFiles?: ClientFilesUse;
  /** Whether the tool can run programs in a client's terminals (`ToolSpec.clientTerminals`). @default false */
  readonly clientTerminals?: boolean;
}

/**
 * Defines a tool from a zod object schema. Unknown fields are refused with a "did you mean" hint;
 * schema violations name the field and quote the value. Given `execute` (and optionally `prepare`),
 * it returns the runnable tool in one call, its input typed from the schema and its output from
 * what `execute` returns; without, the spec alone, for {@link implementTool} to join later.
 */
export function defineTool<Schema extends z.ZodObject, Output, Plan>(
  options: DefineToolOptions<Schema> & PlannedToolImplementation<z.output<Schema>, Output, Plan>,
): Tool<z.output<Schema>, Output>;
export function defineTool<Schema extends z.ZodObject, Output>(
  options: DefineToolOptions<Schema> & DirectToolImplementation<z.output<Schema>, Output>,
): Tool<z.output<Schema>, Output>;
export function defineTool<Schema extends z.ZodObject>(
  options: DefineToolOptions<Schema>,
): ToolSpec<z.output<Schema>>;
export function defineTool<Schema extends z.ZodObject>(
  options: DefineToolOptions<Schema> & Partial<PlannedToolImplementation<z.output<Schema>, unknown, unknown>>,
): ToolSpec<z.output<Schema>> | Tool<z.output<Schema>, unknown> {
  const spec = defineToolSpec(options);
  const { prepare, execute } = options;
  if (!execute) return spec;
  return prepare ? implementTool(spec, { prepare, execute }) : implementTool(spec, { execute });
}

function defineToolSpec<Schema extends z.ZodObject>(
  options: DefineToolOptions<Schema>,
): ToolSpec<z.output<Schema>> {
  assertToolName(options.name);
  let schema: Schema | undefined;
  const input = (): Schema => {
    schema ??= typeof options.input === 'function' ? options.input() : options.input;
    return schema;
  };
  let inputSchema = options.inputJsonSchema;
  const definition: ToolDefinition = {
    name: options.name,
    description: options.description,
    // Converted on first read, once: a one-shot call never reads it, a listing reads each once.
    get inputSchema() {
      inputSchema ??= toJsonSchema(input());
      return inputSchema;
    },
    kind: options.kind ?? 'other',
    annotations: options.annotations ?? {},
    source: options.source ?? { type: 'built-in' },
  };
  let known: readonly string[] | undefined;
  return {
    definition,
    ...(options.approval ? { approval: options.approval } : {}),
    ...(options.presentation ? { presentation: options.presentation } : {}),
    ...(options.clientFiles ? { clientFiles: options.clientFiles } : {}),
    ...(options.clientTerminals ? { clientTerminals: true } : {}),
    parseArguments(value): ArgumentsParseResult<z.output<Schema>> {
      const checked = options.inputCheck && runInputCheck(options.inputCheck, value);
      if (checked) return { ok: true, value: checked.value as z.output<Schema> };
      const problems: string[] = [];
      known ??= Object.keys(input().shape);
      for (const key of Object.keys(value)) {
        if (known.includes(key)) continue;
        const closest = findClosestMatch(key, known);
        problems.push(
          `unknown field \`${key}\`${closest ? ` — did you mean \`${closest}\`?` : ''} (known fields: ${known.join(', ')})`,
        );
      }
      const parsed = input().safeParse(value);
      if (!parsed.success) problems.push(...formatZodIssues(parsed.error.issues, value));
      if (problems.length > 0) {
        return { ok: false, message: `Invalid arguments for ${options.name}: ${problems.join('; ')}.` };
      }
      return { ok: true, value: parsed.data as z.output<Schema> };
    },
  };
}
