import type { ToolApproval } from '../approval/tool-approval.js';
import { decodeArguments } from '../executor/decode-arguments.js';
import { escapeControlCharacters } from '../text/escape-control-characters.js';
import type { AnyTool } from '../tool/tool.js';
import type { ToolCall } from '../tool/tool-call.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ToolCallPresentation, ToolPresentation } from './tool-presentation.js';

/** What presenting a call reads of a tool: its definition, parser and declarations. */
interface PresentedTool {
  readonly definition: ToolDefinition;
  readonly parseArguments: AnyTool['parseArguments'];
  readonly approval?: ToolApproval<never> | undefined;
  readonly presentation?: ToolPresentation<never> | undefined;
}

const MAX_TITLE = 120;

function oneLine(text: string): string {
  const flat = escapeControlCharacters(text.replace(/\s+/g, ' ').trim());
  return flat.length > MAX_TITLE ? `${flat.slice(0, MAX_TITLE - 1)}…` : flat;
}

function attempt<Value>(declared: () => Value): Value | undefined {
  try {
    return declared();
  } catch {
    return undefined; // a declaration that throws is ignored: the default shows the call
  }
}

/** The name (or annotated title) and the first non-blank string argument: `search "query"`. */
function genericTitle(
  tool: Pick<PresentedTool, 'definition'>,
  input: Readonly<Record<string, unknown>>,
): string {
  const label = tool.definition.annotations.title ?? tool.definition.name;
  const first = Object.values(input).find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return first === undefined ? label : `${label} ${first}`;
}

/**
 * How a call is shown to people, from the tool's declarations (docs/architecture.md, "How tools
 * present themselves"): its `presentation.call`, else its approval summary (the lines as the
 * title, its kind and locations), else its name and first string argument. A call whose
 * arguments do not parse, or whose tool the session does not have, is shown by what is known.
 */
export function presentToolCall(tool: PresentedTool | undefined, call: ToolCall): ToolCallPresentation {
  if (!tool) return { title: oneLine(call.name), kind: 'other', locations: [] };
  const decoded = decodeArguments(call.name, call.arguments);
  const raw = decoded.ok ? decoded.value : {};
  const parsed = decoded.ok ? attempt(() => tool.parseArguments(raw)) : undefined;
  if (!parsed?.ok)
    return { title: oneLine(genericTitle(tool, raw)), kind: tool.definition.kind, locations: [] };
  return presentParsedCall(tool, parsed.value);
}

/** {@link presentToolCall} for input already validated (the approval request's, with its preflight preview). */
export function presentParsedCall(
  tool: Omit<PresentedTool, 'parseArguments'>,
  input: unknown,
  preview?: { readonly locations?: readonly string[] | undefined },
): ToolCallPresentation {
  const declared = tool.presentation?.call && attempt(() => tool.presentation!.call!(input as never));
  const summary = tool.approval?.summarize && attempt(() => tool.approval!.summarize!(input as never));
  const lines = summary?.lines?.filter((line) => line.trim() !== '') ?? [];
  const title =
    declared?.title ?? (lines.length > 0 ? lines.join(', ') : genericTitle(tool, asFields(input)));
  const locations = declared?.locations ?? summary?.locations ?? preview?.locations ?? [];
  return {
    title: oneLine(title),
    kind: declared?.kind ?? summary?.kind ?? tool.definition.kind,
    locations: [...new Set(locations)].map((location) => escapeControlCharacters(location)),
  };
}

function asFields(input: unknown): Readonly<Record<string, unknown>> {
  return input !== null && typeof input === 'object' && !Array.isArray(input)
    ? (input as Readonly<Record<string, unknown>>)
    : {};
}
