import { describe, expect, it } from 'vitest';
import { layerConfig } from './layer-config.js';
import { TOOLGATE_CONFIG_SCHEMA } from './toolgate-config-schema.js';

describe('layerConfig and limits.spillBytesPerSession', () => {
  it('takes a lower cap from an untrusted project file and ignores a higher one than the user file or the default', () => {
    expect([
      layerConfig({}, { limits: { spillBytesPerSession: 1024 } }, false),
      layerConfig({}, { limits: { spillBytesPerSession: 2 ** 40 } }, false),
      layerConfig(
        { limits: { spillBytesPerSession: 4096 } },
        { limits: { spillBytesPerSession: 8192, maxToolCallsPerStep: 8 } },
        false,
      ),
      layerConfig({}, { limits: { spillBytesPerSession: 2 ** 40 } }, true),
    ]).toEqual([
      { config: { limits: { spillBytesPerSession: 1024 } }, ignored: [] },
      { config: {}, ignored: [`limits.spillBytesPerSession ${2 ** 40}`] },
      {
        config: { limits: { spillBytesPerSession: 4096, maxToolCallsPerStep: 8 } },
        ignored: ['limits.spillBytesPerSession 8192'],
      },
      { config: { limits: { spillBytesPerSession: 2 ** 40 } }, ignored: [] },
    ]);
  });

  it('accepts only a positive integer', () => {
    const issues = (value: unknown) =>
      TOOLGATE_CONFIG_SCHEMA.safeParse({ limits: { spillBytesPerSession: value } }).error?.issues.map(
        (issue) => issue.path.join('.'),
      );
    expect([issues(4096), issues(0), issues(-1), issues('1')]).toEqual([
      undefined,
      ['limits.spillBytesPerSession'],
      ['limits.spillBytesPerSession'],
      ['limits.spillBytesPerSession'],
    ]);
  });
});
