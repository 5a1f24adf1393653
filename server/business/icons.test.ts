import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawIcon } from './icons';

const svg = (body: string) => ({
  type: 'image/svg+xml',
  bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">${body}</svg>`),
});

describe("the home-screen icon drawn from a business's logo", () => {
  it('draws the logo: a filled mark is not a blank icon', async () => {
    const blank = await drawIcon(svg(''), '192.png');
    expect((await drawIcon(svg('<rect width="64" height="64" fill="#37474f"/>'), '192.png')).equals(blank)).toBe(false);
  });

  it("reads no file of the server's that an uploaded SVG names", async () => {
    const shipped = path.resolve(import.meta.dirname, '../../public/icons/frutas-192.png');
    const blank = await drawIcon(svg(''), '192.png');
    const prying = await drawIcon(
      svg(`<image width="64" height="64" href="${shipped}"/><image width="64" height="64" href="file://${shipped}"/>`),
      '192.png',
    );
    expect(prying.equals(blank)).toBe(true);
  });
});
