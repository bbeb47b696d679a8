import { describe, expect, it } from 'vitest';
import { layerPermissionRules } from './layer-permission-rules.js';

const user = { file: '/home/u/.config/toolgate/config.json', permissions: { allow: ['bash(git status)'] } };
const project = {
  file: '/w/toolgate.config.json',
  permissions: { allow: ['bash'], ask: ['edit'], deny: ['bash(rm:*)'] },
};
const shown = (rules: ReturnType<typeof layerPermissionRules>['rules']) =>
  rules.map((rule) => `${rule.list} ${rule.text} @ ${rule.source}`);

describe('layerPermissionRules', () => {
  it("keeps an untrusted workspace's deny and ask rules and leaves out its allow rules, saying which", () => {
    const layered = layerPermissionRules(user, project, false);
    expect(shown(layered.rules)).toEqual([
      'allow bash(git status) @ /home/u/.config/toolgate/config.json',
      'deny bash(rm:*) @ /w/toolgate.config.json',
      'ask edit @ /w/toolgate.config.json',
    ]);
    expect(layered.ignored).toEqual(['permissions.allow ["bash"]']);
  });

  it("honours a trusted workspace's allow rules, each naming its file", () => {
    const layered = layerPermissionRules(user, project, true);
    expect(shown(layered.rules)).toContain('allow bash @ /w/toolgate.config.json');
    expect(layered.ignored).toEqual([]);
  });

  it('reports nothing when there is nothing to leave out', () => {
    expect(layerPermissionRules(user, { file: '/w/t.json', permissions: undefined }, false)).toEqual({
      rules: [expect.objectContaining({ text: 'bash(git status)' })],
      ignored: [],
    });
  });
});
