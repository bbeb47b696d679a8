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
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
