import type { AgentMessage } from './agent-message.js';
import type { AgentModel } from './agent-model.js';
import { COMPACTION_INSTRUCTIONS, compactionRequest, summaryMessageText } from './compaction-description.js';
import { pathsOfToolCalls, renderTranscript } from './render-transcript.js';
import { runModelStep } from './run-model-step.js';

/** What compacting a history came to. */
export type CompactionOutcome =
  | {
      readonly kind: 'compacted';
      /** The history now: the summary, then the turns kept. */
      readonly messages: AgentMessage[];
      /** The message that stands for the turns replaced. */
      readonly summary: AgentMessage[];
      /** How many turns it replaced (an earlier summary counting as one). */
      readonly replaced: number;
    }
  /** The history holds no more turns than are kept. */
  | { readonly kind: 'nothing' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'aborted' };

/** What {@link compactHistory} needs. */
export interface CompactionRequest {
  readonly model: AgentModel;
  readonly messages: readonly AgentMessage[];
  /** The latest turns kept as they are (a turn starts at its user message). */
  readonly keepTurns: number;
  readonly maxRetries: number;
  readonly signal: AbortSignal;
  /** The transcript is clipped in its middle to this many characters. @default no bound */
  readonly maxTranscriptCharacters?: number /** Awaited once there is something to compact, before the summary is asked for (the preCompact hooks). @default nothing */;
  readonly beforeSummary?: (() => Promise<void>) | undefined;
}

function clipMiddle(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  const half = Math.floor(max / 2);
  return `${text.slice(0, half)}\n\n[… ${text.length - max} characters of the transcript left out …]\n\n${text.slice(-half)}`;
}

/**
 * Replaces the older turns of a history by a summary the model writes (no tools, the turns as a
 * transcript), keeping the latest `keepTurns` turns whole: the cut is always at a turn's start,
 * so no tool call is parted from its result, and a running turn is never cut. The summary names
 * the files the replaced tool calls named. Never throws.
 */
export async function compactHistory(request: CompactionRequest): Promise<CompactionOutcome> {
  const starts = request.messages.flatMap((message, index) => (message.role === 'user' ? [index] : []));
  if (starts.length <= request.keepTurns) return { kind: 'nothing' };
  const cut = starts[starts.length - request.keepTurns] ?? 0;
  const older = request.messages.slice(0, cut);
  await request.beforeSummary?.();
  const step = await runModelStep({
    model: request.model,
    instructions: COMPACTION_INSTRUCTIONS,
    messages: [
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: compactionRequest(clipMiddle(renderTranscript(older), request.maxTranscriptCharacters)),
          },
        ],
      },
    ],
    tools: [],
    maxRetries: request.maxRetries,
    maxOutputTokens: undefined,
    signal: request.signal,
    emit: () => {},
  });
  if (step.kind === 'aborted') return step;
  if (step.kind === 'failed') return { kind: 'failed', message: step.message };
  if (step.text.trim() === '') return { kind: 'failed', message: 'the model wrote an empty summary' };
  const summary: AgentMessage[] = [
    {
      role: 'user',
      content: [{ type: 'text', text: summaryMessageText(step.text, pathsOfToolCalls(older)) }],
    },
  ];
  return {
    kind: 'compacted',
    messages: [...summary, ...request.messages.slice(cut)],
    summary,
    replaced: starts.length - request.keepTurns,
  };
}
