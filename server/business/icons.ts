import type { BusinessProfile } from './profile';

/**
 * The home-screen icons of a business that set itself up: its logo (PNG, JPEG or SVG, as given
 * in 'Configuración inicial'), drawn centred on white at the sizes an installed app needs. A
 * maskable icon keeps the logo inside the middle 80% that every launcher's mask leaves whole.
 */
export const ICON_FILES = {
  '192.png': { size: 192, margin: 0.08 },
  '512.png': { size: 512, margin: 0.08 },
  'maskable-512.png': { size: 512, margin: 0.2 },
} as const;
export type IconFile = keyof typeof ICON_FILES;

export const isIconFile = (file: string): file is IconFile => Object.hasOwn(ICON_FILES, file);

export async function drawIcon(logo: { type: string; bytes: Buffer }, file: IconFile): Promise<Buffer> {
  // A native renderer of its own: loaded when an installing phone first asks, not at start.
  const { Resvg } = await import('@resvg/resvg-js');
  const { size, margin } = ICON_FILES[file];
  const inset = Math.round(size * margin);
  const box = size - 2 * inset;
  // The logo goes in as a data: image, never as the document drawn: an uploaded SVG's references
  // to files of this machine are then not followed (server/business/icons.test.ts).
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="#ffffff"/>` +
    `<image x="${inset}" y="${inset}" width="${box}" height="${box}" preserveAspectRatio="xMidYMid meet" ` +
    `href="data:${logo.type};base64,${logo.bytes.toString('base64')}"/></svg>`;
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}

/** The icons an installation shows: the business's own once it set itself up, else the deployment's shipped files. */
export interface HomeScreenIcons {
  /** Where `file` is served (its version in the address: a changed logo is a new file to every cache). */
  address(file: IconFile): Promise<string>;
  /** The business's drawn icon; null while it has not set itself up (the demo). */
  png(file: IconFile): Promise<Buffer | null>;
}

export function homeScreenIcons(business: BusinessProfile, neutralLogo: () => Promise<Buffer>): HomeScreenIcons {
  const drawn = new Map<string, Promise<Buffer>>();
  return {
    async address(file) {
      const version = await business.version();
      return version === null ? `/icons/${(await business.current()).id}-${file}` : `/brand/icon/${file}?v=${version}`;
    },
    async png(file) {
      const version = await business.version();
      if (version === null) return null;
      const key = `${version}/${file}`;
      let icon = drawn.get(key);
      if (!icon) {
        // Only the current version's three are worth keeping.
        for (const kept of drawn.keys()) if (!kept.startsWith(`${version}/`)) drawn.delete(kept);
        icon = (async () => drawIcon((await business.logo()) ?? { type: 'image/svg+xml', bytes: await neutralLogo() }, file))();
        drawn.set(key, icon);
        icon.catch(() => drawn.delete(key));
      }
      return icon;
    },
  };
}
