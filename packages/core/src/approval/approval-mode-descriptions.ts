import type { ApprovalMode } from './approval-mode.js';

/** A mode as a person picks it: a short name and one line on what it asks (ACP's session modes, `/mode`). */
export interface ApprovalModeDescription {
  readonly name: string;
  readonly description: string;
}

/** Each mode's name and line, in the order of `APPROVAL_MODES`. */
export const APPROVAL_MODE_DESCRIPTIONS: Readonly<Record<ApprovalMode, ApprovalModeDescription>> = {
  manual: { name: 'Manual', description: 'Ask before every tool call.' },
  safe: {
    name: 'Safe',
    description: 'Reads, searches and file edits run; commands, patches and MCP tools ask first.',
  },
  auto: { name: 'Auto', description: 'Every tool call runs without asking.' },
  plan: {
    name: 'Plan',
    description:
      'Read-only: reads and searches run, commands ask, every write is refused until the plan is approved.',
  },
  'accept-edits': {
    name: 'Accept edits',
    description: 'As safe, and every file edit inside the workspace (patches too) runs without asking.',
  },
  'dont-ask': {
    name: "Don't ask",
    description: 'As safe, but whatever would ask is refused instead (for CI and headless use).',
  },
};
