import { describe, expect, it } from 'vitest';
import { contrastRatio, readableShade, shade } from './colour.ts';

const THEMES = ['#0095A2', '#1677FF', '#13A8A8', '#52C41A', '#722ED1', '#EB2F96', '#FA541C', '#FFFFFF'];

describe('colour contrast', () => {
  it('measures WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0095a2', '#ffffff')).toBeCloseTo(3.6, 1);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('keeps the tokens 78 % shade of the brand colour, which reads under white text', () => {
    expect(readableShade('#0095A2')).toBe(shade('#0095A2', 0.78));
    expect(contrastRatio(readableShade('#0095A2'), '#ffffff')).toBeGreaterThan(5);
  });

  it('finds a shade every theme preset can carry white text on', () => {
    for (const theme of THEMES)
      expect(contrastRatio(readableShade(theme), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // A light theme needs more than the 78 % mix: the green one is 3.6:1 there.
    expect(contrastRatio(shade('#52C41A', 0.78), '#ffffff')).toBeLessThan(4.5);
    expect(readableShade('#52C41A')).not.toBe(shade('#52C41A', 0.78));
  });

  it('refuses what is not a colour', () => {
    expect(() => readableShade('teal')).toThrow(/#rrggbb/);
  });
});
