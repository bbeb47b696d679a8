import type { CommandLineAnalysis } from './command-line-analysis.js';

/**
 * The package's `analyzeCommandLine`: the call of `./analyze-command-line.js`, with the analyzer
 * (the parser's bindings, the wrapper grammars, the programs that run text) loaded on the first
 * call, so a host that compiles rules and lists its tools loads none of it.
 */
export async function analyzeCommandLine(text: string): Promise<CommandLineAnalysis> {
  const analyzer = await import('./analyze-command-line.js');
  return analyzer.analyzeCommandLine(text);
}
