import { describe, expect, it } from 'vitest';
import { brandColorProperties, brandStyleRule, contrastRatio, readableOnWhite } from './brand';
import { DEPLOYMENTS } from './deployment';

describe('brand colours', () => {
  it('give every deployment a primary readable in sunlight (7:1 on white) and its white text', () => {
    for (const { identity } of Object.values(DEPLOYMENTS)) {
      expect(contrastRatio(identity.primaryColor, '#ffffff'), identity.brand).toBeGreaterThanOrEqual(7);
      // The login panel writes white on the theme colour: AA at least.
      expect(contrastRatio(identity.themeColor, '#ffffff'), identity.brand).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('derive the Ionic primary family from the profile', () => {
    expect(brandColorProperties(DEPLOYMENTS.eventos.identity)).toEqual({
      '--brand-color': '#6a1b9a',
      '--ion-color-primary': '#4a148c',
      '--ion-color-primary-rgb': '74, 20, 140',
      '--ion-color-primary-contrast': '#ffffff',
      '--ion-color-primary-contrast-rgb': '255, 255, 255',
      '--ion-color-primary-shade': '#41127b',
      '--ion-color-primary-tint': '#5c2c98',
    });
    expect(brandStyleRule(DEPLOYMENTS.frutas.identity)).toMatch(/^html:root\{--brand-color:#2e7d32;--ion-color-primary:#1b5e20;/);
  });

  it('measure contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});

describe('readableOnWhite', () => {
  it('keeps a colour already dark enough and darkens a light one to 7:1 on white, keeping its hue', () => {
    expect(readableOnWhite('#1b5e20')).toBe('#1b5e20');
    const darkened = readableOnWhite('#ffcc00');
    expect(contrastRatio(darkened, '#ffffff')).toBeGreaterThanOrEqual(7);
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(darkened.slice(at, at + 2), 16));
    expect(r).toBeGreaterThan(g!);
    expect(b).toBe(0);
  });
});
