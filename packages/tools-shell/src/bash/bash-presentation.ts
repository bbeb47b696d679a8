import type { ToolDisplay, ToolPresentation } from '@toolgate/core';
import type {
  BashExecResult,
  BashInput,
  BashOutput,
  BashProcessInfo,
  BashProcessLogChunk,
  BashWriteResult,
} from './bash-schema.js';

function processLine(info: BashProcessInfo): string {
  const pid = info.pid === undefined ? '' : ` pid ${info.pid}`;
  const exit = info.exitCode !== undefined ? ` exit ${info.exitCode}` : info.signal ? ` ${info.signal}` : '';
  return `${info.processId}  ${info.status}${pid}${exit}  ${info.command}`;
}

function execDisplay(result: BashExecResult): ToolDisplay {
  const status = result.timedOut
    ? `timed out${result.signal ? ` (${result.signal})` : ''}`
    : result.exitCode === null
      ? `killed by ${result.signal ?? 'a signal'}`
      : `exit ${result.exitCode}`;
  const where = result.executionEnvironment === 'sandbox' ? ' (sandboxed)' : '';
  const truncated = result.truncated ? ' · output truncated' : '';
  return {
    summary: `${status}${where}${truncated}`,
    // The command's output proper, empty or not: a terminal host keeps it on stdout.
    text: result.stdout,
    ...(result.stderr === '' ? {} : { notes: result.stderr }),
  };
}

function display(output: BashOutput): ToolDisplay | undefined {
  if (Array.isArray(output)) {
    const list = output as readonly BashProcessInfo[];
    return list.length === 0
      ? { summary: 'No processes.' }
      : {
          summary: `${list.length} process${list.length === 1 ? '' : 'es'}`,
          text: list.map(processLine).join('\n'),
        };
  }
  if ('stdout' in output) return execDisplay(output);
  if ('nextOffset' in output) {
    const chunk = output as BashProcessLogChunk;
    return {
      summary: `${chunk.processId} ${chunk.status} · next offset ${chunk.nextOffset}`,
      text: chunk.content,
    };
  }
  if ('bytesWritten' in output) {
    const written = output as BashWriteResult;
    return { summary: `Wrote ${written.bytesWritten} bytes to ${written.process.processId}` };
  }
  return { summary: processLine(output as BashProcessInfo) };
}

/** How bash shows a call (the command it runs, the process it acts on) and its result (exit status, output). */
export const BASH_PRESENTATION: ToolPresentation<BashInput, BashOutput> = {
  call(input) {
    const command = (input.command ?? '').trim();
    const processId = (input.processId ?? '').trim() || '(process)';
    const cwd = input.cwd?.trim();
    const locations = cwd ? [cwd] : [];
    switch (input.action) {
      case 'exec':
        return { title: command ? `Run \`${command}\`` : 'bash exec', locations };
      case 'start':
        return { title: command ? `Start \`${command}\`` : 'bash start', locations };
      case 'stop':
        return { title: `Stop process ${processId}` };
      case 'write':
        return { title: `Write to process ${processId}` };
      case 'list':
        return { title: 'List processes' };
      default:
        return { title: `bash ${input.action} ${processId}` };
    }
  },
  result: display,
};
