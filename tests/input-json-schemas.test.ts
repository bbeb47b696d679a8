import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { defineTool } from '../packages/core/src/tool/define-tool.js';
import { deriveInputCheck } from '../packages/core/src/tool/derive-input-check.js';
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { INPUT_JSON_SCHEMAS } from '../scripts/generate-input-json-schemas.mjs';

interface Entry {
  readonly schemaModule: string;
  readonly schemaExport: string;
  readonly specModule: string;
  readonly output: string;
  readonly constant: string;
  readonly checkConstant: string;
}

const root = join(import.meta.dirname, '..');
const entries = INPUT_JSON_SCHEMAS as readonly Entry[];

describe('the generated JSON Schemas of the built-in tools', () => {
  it.each(entries.map((entry) => [entry.output, entry] as const))(
    '%s is what its zod schema converts to (else run `pnpm generate:schemas`)',
    async (_output, entry) => {
      const schema = (await import(join(root, entry.schemaModule)))[entry.schemaExport] as z.ZodObject;
      const generated = (await import(join(root, entry.output)))[entry.constant];
      const converted = defineTool({ name: 'check', description: '', input: schema }).definition.inputSchema;
      expect(generated).toEqual(converted);
    },
  );

  it.each(entries.map((entry) => [entry.output, entry] as const))(
    '%s holds the input check derived from its zod schema (else run `pnpm generate:schemas`)',
    async (_output, entry) => {
      const schema = (await import(join(root, entry.schemaModule)))[entry.schemaExport] as z.ZodObject;
      const generated = (await import(join(root, entry.output)))[entry.checkConstant];
      expect(generated).toEqual(deriveInputCheck(schema));
    },
  );

  it('are the ones the specs pass to defineTool', () => {
    for (const entry of entries) {
      const spec = readFileSync(join(root, entry.specModule), 'utf8');
      expect(spec).toContain(`inputJsonSchema: ${entry.constant},`);
      expect(spec).toContain(`inputCheck: ${entry.checkConstant},`);
    }
  });
});
