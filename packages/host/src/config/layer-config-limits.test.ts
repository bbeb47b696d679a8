import { describe, expect, it } from 'vitest';
import { layerConfig } from './layer-config.js';
import { TOOLGATE_CONFIG_SCHEMA } from './toolgate-config-schema.js';

describe('layerConfig and limits.maxToolCallsPerStep', () => {
  it('takes a lower limit from an untrusted project file and ignores a higher one than the user file or the default', () => {
    expect([
      layerConfig({}, { limits: { maxToolCallsPerStep: 8 } }, false),
      layerConfig({}, { limits: { maxToolCallsPerStep: 10_000 } }, false),
      layerConfig({ limits: { maxToolCallsPerStep: 16 } }, { limits: { maxToolCallsPerStep: 32 } }, false),
      layerConfig({ limits: { maxToolCallsPerStep: 200 } }, { limits: { maxToolCallsPerStep: 100 } }, false),
    ]).toEqual([
      { config: { limits: { maxToolCallsPerStep: 8 } }, ignored: [] },
      { config: {}, ignored: ['limits.maxToolCallsPerStep 10000'] },
      { config: { limits: { maxToolCallsPerStep: 16 } }, ignored: ['limits.maxToolCallsPerStep 32'] },
      { config: { limits: { maxToolCallsPerStep: 100 } }, ignored: [] },
    ]);
  });

  it("takes a trusted project file's limit as it is, and the user file's when the project sets none", () => {
    expect([
      layerConfig({ limits: { maxToolCallsPerStep: 16 } }, { limits: { maxToolCallsPerStep: 500 } }, true),
      layerConfig({ limits: { maxToolCallsPerStep: 16 } }, {}, false),
    ]).toEqual([
      { config: { limits: { maxToolCallsPerStep: 500 } }, ignored: [] },
      { config: { limits: { maxToolCallsPerStep: 16 } }, ignored: [] },
    ]);
  });

  it('lets an untrusted project lower any budget the user left unbounded, never raise one the user set', () => {
    expect(
      layerConfig(
        { limits: { maxToolCallsPerTurn: 20, maxSessionTokens: 1000 } },
        {
          limits: {
            maxToolCallsPerTurn: 50,
            maxSessionTokens: 500,
            maxTurnSeconds: 60,
            maxCallsPerToolPerMinute: 5,
          },
        },
        false,
      ),
    ).toEqual({
      config: {
        limits: {
          maxToolCallsPerTurn: 20,
          maxSessionTokens: 500,
          maxTurnSeconds: 60,
          maxCallsPerToolPerMinute: 5,
        },
      },
      ignored: ['limits.maxToolCallsPerTurn 50'],
    });
  });

  it('accepts only a positive integer', () => {
    const issues = (value: unknown) =>
      TOOLGATE_CONFIG_SCHEMA.safeParse({ limits: { maxToolCallsPerStep: value } }).error?.issues.map(
        (issue) => issue.path.join('.'),
      );
    expect([issues(4), issues(0), issues(1.5), issues('8')]).toEqual([
      undefined,
      ['limits.maxToolCallsPerStep'],
      ['limits.maxToolCallsPerStep'],
      ['limits.maxToolCallsPerStep'],
    ]);
  });
});
