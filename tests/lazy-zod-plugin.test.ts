import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { bareUsesOfZ } from '../scripts/lazy-zod-plugin.mjs';

const uses = (code: string): string[] => bareUsesOfZ(code);

describe("the lazy zod stand-in's guard (bareUsesOfZ)", () => {
  it('accepts member reads, however they are laid out, and `z` in strings, keys and member names', () => {
    const code = [
      "import { z } from 'zod';",
      'const a = z.object({ b: z\n  .string()\n  .regex(/a-z/, "a-z, or z") });',
      'const keys = { z: 1, y: a.z };',
    ].join('\n');
    expect(uses(code)).toEqual([]);
  });

  it('refuses every use of `z` that the member scan would not see', () => {
    expect(uses("import { z } from 'zod';\nconst { object } = z;")).toHaveLength(1);
    expect(uses("import { z } from 'zod';\nbuild(z);")).toHaveLength(1);
    expect(uses("import { z } from 'zod';\nconst name = 'string';\nz[name]();")).toHaveLength(1);
    expect(uses("import { z } from 'zod';\nexport const zod = z;")).toHaveLength(1);
  });
});
