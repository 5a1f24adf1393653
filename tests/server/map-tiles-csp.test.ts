import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tilesSource } from '../../server/routes/route-map';
import { createTestApp, type TestApp } from './test-app';

/** The office's map fetches its tiles from MAP_TILES_URL: the page's security policy lets exactly that origin in. */
describe('the tiles in the Content-Security-Policy', () => {
  let withTiles: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withTiles = await createTestApp({ MAP_TILES_URL: 'https://{s}.tiles.example.mx/{z}/{x}/{y}.png' });
    without = await createTestApp();
  });
  afterAll(async () => {
    await withTiles.close();
    await without.close();
  });

  const policyOf = async (app: TestApp) => {
    const page = await app.app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(page.headers['content-security-policy']);
    const directive = (name: string) => policy.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    return { img: directive('img-src'), connect: directive('connect-src') };
  };

  it('admits the tile server’s origin, its lettered subdomains as a wildcard, for images and fetches', async () => {
    const { img, connect } = await policyOf(withTiles);
    expect(img).toContain('https://*.tiles.example.mx');
    expect(connect).toContain('https://*.tiles.example.mx');
  });

  it('admits no other origin when no tiles are configured', async () => {
    const { img, connect } = await policyOf(without);
    expect(img).not.toMatch(/https?:\/\//);
    expect(connect).not.toMatch(/https?:\/\//);
  });

  it('reads the origin of a template, an archive and a port; none for the app’s own paths or a malformed host', () => {
    expect(tilesSource('https://tiles.example.mx/{z}/{x}/{y}.png')).toBe('https://tiles.example.mx');
    expect(tilesSource('http://127.0.0.1:8090/mty.pmtiles')).toBe('http://127.0.0.1:8090');
    expect(tilesSource('/mapas/mty.pmtiles')).toBeNull();
    expect(tilesSource(undefined)).toBeNull();
    expect(tilesSource("https://evil.mx'; script-src *")).toBeNull();
  });
});
