import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@toolgate/source'] },
  ssr: { resolve: { conditions: ['@toolgate/source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'tests/**/*.test.ts',
      'examples/*/*.test.ts',
    ],
    // Type tests (`*.test-d.ts`) are checked by tsc, not run, beside the test files.
    typecheck: {
      enabled: true,
      include: ['packages/*/src/**/*.test-d.ts'],
      tsconfig: 'packages/core/tsconfig.json',
    },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
