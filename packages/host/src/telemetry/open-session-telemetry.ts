import {
  type Attributes,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { ApprovalDecisionEvent, ToolCall, ToolDecorator, ToolResult } from '@toolgate/core';
import type { AuditedEvent } from '../audit/create-audit-log.js';
import { digestArguments } from '../audit/digest-arguments.js';
import type { TelemetrySettings } from './telemetry-settings.js';
import { withTraceparent } from './trace-context.js';

/** A session's traces: a span per turn and per tool call. */
export interface SessionTelemetry {
  /** Hears the session's events (tool events, an agent's events). */
  onEvent(event: AuditedEvent): void;
  /** Opens the span of a turn; the turn's `turn-end` event closes it. */
  startTurn(): void;
  /** The decorator (between approval and the tool) that runs a call inside its span's trace context. */
  readonly after: ToolDecorator;
  /** Ends what is open and sends what is pending. */
  close(): Promise<void>;
}

const SERVICE = 'toolgate';

function traceparentOf(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}

/** Who decided, as attributes: the rule and its file, the mode, the hook, the person, managed settings. */
function decisionAttributes(decision: ApprovalDecisionEvent | undefined, result: ToolResult): Attributes {
  const by = result.status === 'rejected' && result.by === 'policy' ? 'policy' : decision?.by;
  return {
    ...(by ? { 'toolgate.decision.by': by } : {}),
    ...(decision ? { 'toolgate.decision.outcome': decision.outcome } : {}),
    ...(decision?.mode ? { 'toolgate.decision.mode': decision.mode } : {}),
    ...(decision?.rule
      ? {
          'toolgate.decision.rule': decision.rule.text,
          'toolgate.decision.rule_source': decision.rule.source,
          'toolgate.decision.managed': decision.rule.source.startsWith('managed settings '),
        }
      : {}),
    ...(decision?.hook ? { 'toolgate.decision.hook': decision.hook } : {}),
  };
}

function resultAttributes(result: ToolResult): Attributes {
  const output =
    result.status === 'success' ? (result.output as Record<string, unknown> | undefined) : undefined;
  const environment =
    typeof output?.executionEnvironment === 'string' ? output.executionEnvironment : undefined;
  const provider = typeof output?.sandboxProviderId === 'string' ? output.sandboxProviderId : undefined;
  return {
    'toolgate.status': result.status,
    ...(result.status === 'rejected' ? { 'toolgate.rejected_by': result.by } : {}),
    ...(result.status === 'failure' ? { 'toolgate.error.code': result.error.code } : {}),
    ...(environment ? { 'toolgate.sandbox': provider ? `${environment}:${provider}` : environment } : {}),
  };
}

/**
 * Opens a session's traces: an OTLP/HTTP (JSON) exporter to `settings.endpoint` behind a tracer
 * provider of its own (the SDK and the exporter, optional dependencies, load only here). A span
 * `toolgate.turn` per turn (its stop reason, steps and tokens) and a span `toolgate.tool` per tool
 * call under it, with the tool, the decision and who decided (rule and file, mode, hook, the
 * person, managed settings), the answer, the status and the sandbox; argument values are never
 * exported, only their digest. While a call runs, its `traceparent` reaches bash (`TRACEPARENT`)
 * and MCP requests (`_meta.traceparent`).
 */
export async function openSessionTelemetry(
  settings: TelemetrySettings,
  session: { readonly sessionId: string; readonly answeredBy: string },
): Promise<SessionTelemetry> {
  const [{ TracerProvider, SimpleSpanProcessor }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const exporter = new OTLPTraceExporter({ url: settings.endpoint, headers: { ...settings.headers } });
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const tracer: Tracer = provider.getTracer(SERVICE);
  let turn: Span | undefined;
  interface CallSpan {
    readonly span: Span;
    decision?: ApprovalDecisionEvent;
    answer?: string;
  }
  const calls = new Map<string, CallSpan>();
  const parent = () => (turn ? trace.setSpan(ROOT_CONTEXT, turn) : ROOT_CONTEXT);
  const open = (call: ToolCall, agent: string | undefined): CallSpan => {
    const existing = calls.get(call.id);
    if (existing) return existing;
    const span = tracer.startSpan(
      'toolgate.tool',
      {
        attributes: {
          'toolgate.session': session.sessionId,
          'toolgate.tool.name': call.name,
          'toolgate.tool.call_id': call.id,
          'toolgate.tool.arguments_digest': digestArguments(call.arguments),
          ...(agent ? { 'toolgate.agent': agent } : {}),
        },
      },
      parent(),
    );
    const state: CallSpan = { span };
    calls.set(call.id, state);
    return state;
  };
  const end = (call: ToolCall, result: ToolResult, agent: string | undefined) => {
    const state = calls.get(call.id) ?? open(call, agent);
    calls.delete(call.id);
    state.span.setAttributes({
      ...decisionAttributes(state.decision, result),
      ...(state.answer
        ? { 'toolgate.decision.answer': state.answer, 'toolgate.decision.answered_by': session.answeredBy }
        : {}),
      ...resultAttributes(result),
    });
    if (result.status !== 'success')
      state.span.setStatus({ code: SpanStatusCode.ERROR, message: result.status });
    state.span.end();
  };
  const ended = new Set<string>();
  const hear = (event: AuditedEvent, agent: string | undefined): void => {
    if (event.type === 'delegate-event' && 'event' in event) {
      hear(event.event, agent ? `${agent}/${event.agent}` : event.agent);
      return;
    }
    if (event.type === 'turn-end' && agent === undefined && turn) {
      const ending = event as unknown as {
        stopReason: string;
        steps: number;
        usage: { totalTokens: number };
      };
      turn.setAttributes({
        'toolgate.stop_reason': ending.stopReason,
        'toolgate.steps': ending.steps,
        'toolgate.tokens': ending.usage.totalTokens,
      });
      turn.end();
      turn = undefined;
      return;
    }
    if (!('call' in event)) return;
    switch (event.type) {
      case 'tool-call-start':
        open(event.call, agent);
        return;
      case 'approval-decision':
        open(event.call, agent).decision = event;
        return;
      case 'approval-answer':
        open(event.call, agent).answer = event.answer;
        return;
      case 'tool-call-end':
        ended.add(event.call.id);
        end(event.call, event.result, agent);
        return;
      case 'tool-result':
        if (!ended.delete(event.call.id)) end(event.call, event.result, agent);
        return;
      default:
        return;
    }
  };
  return {
    onEvent: (event) => hear(event, undefined),
    startTurn: () => {
      turn?.end();
      turn = tracer.startSpan(
        'toolgate.turn',
        { attributes: { 'toolgate.session': session.sessionId } },
        ROOT_CONTEXT,
      );
    },
    after: (invocation, next) => {
      const state = calls.get(invocation.call.id);
      return state
        ? context.with(trace.setSpan(ROOT_CONTEXT, state.span), () =>
            withTraceparent(traceparentOf(state.span), next),
          )
        : next();
    },
    close: async () => {
      for (const { span } of calls.values()) span.end();
      calls.clear();
      turn?.end();
      await provider.shutdown();
    },
  };
}
