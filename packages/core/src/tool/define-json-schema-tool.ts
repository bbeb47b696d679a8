import type { ToolApproval } from '../approval/tool-approval.js';
import type { ClientFilesUse } from '../client/client-files.js';
import type { ToolPresentation } from '../presentation/tool-presentation.js';
import { assertToolName } from './assert-tool-name.js';
import type {
  JsonSchemaObject,
  ToolAnnotations,
  ToolDefinition,
  ToolKind,
  ToolSource,
} from './tool-definition.js';
import type { ArgumentsParseResult, ToolSpec } from './tool-spec.js';
import { validateJsonSchemaArguments } from './validate-json-schema-arguments.js';

/** Options for {@link defineJsonSchemaTool}. */
export interface DefineJsonSchemaToolOptions {
  /** Wire name. */
  readonly name: string;
  /** Model-facing description. */
  readonly description: string;
  /** The JSON Schema as it arrived (from an MCP server, a config file, …). */
  readonly inputSchema: JsonSchemaObject;
  /** ACP kind. @default 'other' */
  readonly kind?: ToolKind;
  /** MCP hints. @default {} */
  readonly annotations?: ToolAnnotations;
  /** Where the tool comes from. @default { type: 'custom' } */
  readonly source?: ToolSource;
  /**
   * Full validator: returns problems (empty when valid). @default a shallow check of required
   * fields, top-level types, enums and `additionalProperties: false`
   */
  readonly validate?: (value: Readonly<Record<string, unknown>>) => readonly string[];
  /**
   * When a call asks, and how it is shown and remembered. @default ask in manual; run in safe only
   * when annotated read-only (or a delegate); run in auto
   */
  readonly approval?: ToolApproval<Readonly<Record<string, unknown>>>;
  /** How people see a call and its success. @default the name and first string argument; no display */
  readonly presentation?: ToolPresentation<Readonly<Record<string, unknown>>>;
  /** Whether the tool can read, or read and write, through a client's files (`ToolSpec.clientFiles`). @default none */
  readonly clientFiles?: ClientFilesUse;
  /** Whether the tool can run programs in a client's terminals (`ToolSpec.clientTerminals`). @default false */
  readonly clientTerminals?: boolean;
}

/** Defines a tool from a raw JSON Schema, as MCP tools arrive. Input stays a plain object. */
export function defineJsonSchemaTool(
  options: DefineJsonSchemaToolOptions,
): ToolSpec<Readonly<Record<string, unknown>>> {
  assertToolName(options.name);
  const inputSchema: JsonSchemaObject = { ...options.inputSchema, type: 'object' };
  const definition: ToolDefinition = {
    name: options.name,
    description: options.description,
    inputSchema,
    kind: options.kind ?? 'other',
    annotations: options.annotations ?? {},
    source: options.source ?? { type: 'custom' },
  };
  const validate = options.validate ?? ((value) => validateJsonSchemaArguments(inputSchema, value));
  return {
    definition,
    ...(options.approval ? { approval: options.approval } : {}),
    ...(options.presentation ? { presentation: options.presentation } : {}),
    ...(options.clientFiles ? { clientFiles: options.clientFiles } : {}),
    ...(options.clientTerminals ? { clientTerminals: true } : {}),
    parseArguments(value): ArgumentsParseResult<Readonly<Record<string, unknown>>> {
      const problems = validate(value);
      return problems.length === 0
        ? { ok: true, value }
        : { ok: false, message: `Invalid arguments for ${options.name}: ${problems.join('; ')}.` };
    },
  };
}
