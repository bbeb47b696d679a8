import { basename } from 'node:path';
import { AgentDefinitionError } from './agent-definition-error.js';
import { AGENT_DEFINITION_SCHEMA, type AgentDefinitionConfig } from './agent-definition-schema.js';
import { FrontMatterSyntaxError, type FrontMatterValue, parseFrontMatter } from './parse-front-matter.js';

/** Keys an agent file may have; `color` (Claude Code's display colour) is accepted and ignored. */
const FILE_KEYS = ['name', 'description', 'tools', 'model', 'maxSteps', 'readOnly', 'color'] as const;

/** `tools: a, b` or `tools: [a, b]` or a `- a` list. */
function toolList(value: FrontMatterValue): readonly string[] {
  const items = typeof value === 'string' ? value.split(',') : value;
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function scalar(value: FrontMatterValue, convert: (text: string) => unknown): unknown {
  return typeof value === 'string' ? convert(value) : value;
}

/**
 * Reads one agent file (`.toolgate/agents/<file>.md`): front matter `name`, `description`,
 * `tools` (comma list or list), `model`, `maxSteps`, `readOnly`; the body is the instructions.
 * Throws {@link AgentDefinitionError} naming the file and the key.
 */
export function readAgentFile(file: string, content: string): AgentDefinitionConfig {
  let parsed: ReturnType<typeof parseFrontMatter>;
  try {
    parsed = parseFrontMatter(content);
  } catch (error) {
    if (error instanceof FrontMatterSyntaxError)
      throw new AgentDefinitionError(`Agent file ${file}: ${error.message}.`);
    throw error;
  }
  const raw: Record<string, unknown> = { instructions: parsed.body };
  for (const [key, value] of parsed.fields) {
    if (!(FILE_KEYS as readonly string[]).includes(key))
      throw new AgentDefinitionError(
        `Agent file ${file}: unknown key ${key}; expected ${FILE_KEYS.filter((known) => known !== 'color').join(', ')}.`,
      );
    if (key === 'color') continue;
    if (key === 'tools') raw.tools = toolList(value);
    else if (key === 'maxSteps')
      raw.maxSteps = scalar(value, (entry) => (/^\d+$/.test(entry) ? Number(entry) : entry));
    else if (key === 'readOnly')
      raw.readOnly = scalar(value, (entry) => (entry === 'true' ? true : entry === 'false' ? false : entry));
    else raw[key] = value;
  }
  const result = AGENT_DEFINITION_SCHEMA.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = issue.path.length === 0 ? '(front matter)' : String(issue.path[0]);
    const missing = raw[key] === undefined;
    const what = key === 'instructions' ? 'the body (the instructions)' : `key ${key}`;
    throw new AgentDefinitionError(
      `Agent file ${file}: ${missing ? `missing ${what}` : `${what}: expected ${issue.message}, got ${JSON.stringify(raw[key])}`}${key === 'name' && missing ? ` (for example name: ${basename(file, '.md').toLowerCase()})` : ''}.`,
    );
  }
  return result.data;
}
