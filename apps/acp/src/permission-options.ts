import type { PermissionOption } from '@agentclientprotocol/sdk';
import type { ApprovalAnswer, ApprovalRequest } from '@toolgate/core';

/**
 * What "always" covers for this call, in words, as the tool declares its remember scope (bash:
 * the exact command; edits: the files; a tool that declares none: every call of it).
 */
export function alwaysScope(request: ApprovalRequest): string {
  const scope = request.rememberLabel.replace(/^always for /, '');
  return scope === request.toolName ? `every ${request.toolName} call` : scope;
}

/** ACP's four option kinds; the option id is the kind, so the answer maps back without a table. */
export function permissionOptions(request: ApprovalRequest): PermissionOption[] {
  const scope = alwaysScope(request);
  return [
    { optionId: 'allow_once', kind: 'allow_once', name: 'Allow once' },
    { optionId: 'allow_always', kind: 'allow_always', name: `Always allow ${scope} in this session` },
    { optionId: 'reject_once', kind: 'reject_once', name: 'Reject' },
    { optionId: 'reject_always', kind: 'reject_always', name: `Always reject ${scope} in this session` },
  ];
}

const ANSWERS: readonly ApprovalAnswer[] = ['allow_once', 'allow_always', 'reject_once', 'reject_always'];

/** The answer of a selected option id; an unknown id counts as cancelled (fail closed). */
export function answerOfOption(optionId: string): ApprovalAnswer {
  return (ANSWERS as readonly string[]).includes(optionId) ? (optionId as ApprovalAnswer) : 'cancelled';
}
