import type { BusinessIdentity } from './deployment';

/**
 * The colours a deployment paints the app with, as the CSS custom properties the theme
 * reads (Ionic's primary and the login's brand colour). The server writes them into the
 * HTML so the first paint is already the deployment's; the app sets the same ones when
 * it reads the profile.
 */
export function brandColorProperties(identity: Pick<BusinessIdentity, 'themeColor' | 'primaryColor'>): Record<string, string> {
  const primary = parseHex(identity.primaryColor);
  return {
    '--brand-color': identity.themeColor,
    '--ion-color-primary': identity.primaryColor,
    '--ion-color-primary-rgb': primary.join(', '),
    '--ion-color-primary-contrast': '#ffffff',
    '--ion-color-primary-contrast-rgb': '255, 255, 255',
    // Ionic's convention: the shade is 12 % towards black, the tint 10 % towards white.
    '--ion-color-primary-shade': toHex(primary.map((c) => c * 0.88)),
    '--ion-color-primary-tint': toHex(primary.map((c) => c + (255 - c) * 0.1)),
  };
}

/** The properties as one rule; `html:root` outranks the theme's `:root` defaults whatever their order. */
export function brandStyleRule(identity: Pick<BusinessIdentity, 'themeColor' | 'primaryColor'>): string {
  const declarations = Object.entries(brandColorProperties(identity)).map(([name, value]) => `${name}:${value}`);
  return `html:root{${declarations.join(';')}}`;
}

/** WCAG contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function parseHex(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

function toHex(channels: number[]): string {
  return `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The brand colour made dark enough for 7:1 on white (buttons and links read in sunlight):
 * the colour itself when it already is, else stepped towards black.
 */
export function readableOnWhite(hex: string): string {
  let channels = parseHex(hex);
  for (let step = 0; step < 40 && contrastRatio(toHex(channels), '#ffffff') < 7; step++)
    channels = channels.map((c) => c * 0.92) as typeof channels;
  return toHex(channels);
}
