// Dispatch overhead: a trivial tool called 100,000 times through routing + validation + events +
// approval (auto) versus calling its function directly. Goal: under 10 µs of overhead per call.
import {
  createApprovalMemory,
  createToolSurface,
  defineTool,
  implementTool,
  standardDecorators,
  toolSuccess,
} from '@toolgate/core';
import { z } from 'zod';

const SMOKE = process.argv.includes('--smoke');
// `--smoke`: 100 calls, one round.
const CALLS = SMOKE ? 100 : 100_000;
const ROUNDS = SMOKE ? 1 : 3;
const add = async ({ a, b }) => toolSuccess({ sum: a + b });
const spec = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  annotations: { readOnly: true },
});
let events = 0;
const surface = createToolSurface({
  tools: [implementTool(spec, { execute: add })],
  decorators: standardDecorators({
    onEvent: () => {
      events++;
    },
    approval: { mode: 'auto', memory: createApprovalMemory() },
  }),
});

async function direct(count) {
  const started = process.hrtime.bigint();
  for (let index = 0; index < count; index++) await add({ a: index, b: 1 });
  return Number(process.hrtime.bigint() - started) / 1e3;
}

async function throughSurface(count) {
  const started = process.hrtime.bigint();
  for (let index = 0; index < count; index++) {
    const result = await surface.executor.execute({
      id: `c${index}`,
      name: 'add',
      arguments: { a: index, b: 1 },
    });
    if (result.status !== 'success') throw new Error(JSON.stringify(result));
  }
  return Number(process.hrtime.bigint() - started) / 1e3;
}

await direct(20_000);
await throughSurface(20_000);
const best = { direct: Number.POSITIVE_INFINITY, surface: Number.POSITIVE_INFINITY };
for (let round = 0; round < ROUNDS; round++) {
  best.direct = Math.min(best.direct, await direct(CALLS));
  best.surface = Math.min(best.surface, await throughSurface(CALLS));
}
const perCallDirect = best.direct / CALLS;
const perCallSurface = best.surface / CALLS;
console.log(`dispatch: ${CALLS} calls, best of ${ROUNDS} rounds (${events} events seen)`);
console.log(`  direct function call   ${perCallDirect.toFixed(3)} µs/call`);
console.log(`  through the surface    ${perCallSurface.toFixed(3)} µs/call`);
console.log(`  overhead               ${(perCallSurface - perCallDirect).toFixed(3)} µs/call (goal < 10 µs)`);
console.log(`  ratio                  ${(perCallSurface / perCallDirect).toFixed(1)}× the direct call`);
