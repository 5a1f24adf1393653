import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// The repository's index.html stands in for the built one: the server rewrites the same tags.
let webDir: string;
let eventos: TestApp;
let frutas: TestApp;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'pwa-html-'));
  await copyFile(path.resolve(import.meta.dirname, '../../index.html'), path.join(webDir, 'index.html'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), 'export {};');
  // The shipped icons, as the build copies public/ beside the page.
  await mkdir(path.join(webDir, 'brand'));
  await mkdir(path.join(webDir, 'icons'));
  for (const id of ['frutas', 'eventos']) {
    await copyFile(path.resolve(import.meta.dirname, `../../public/brand/${id}.svg`), path.join(webDir, 'brand', `${id}.svg`));
    await copyFile(path.resolve(import.meta.dirname, `../../public/icons/${id}-192.png`), path.join(webDir, 'icons', `${id}-192.png`));
  }
  [eventos, frutas] = await Promise.all([
    createTestApp({ DEPLOYMENT: 'eventos', WEB_DIR: webDir }),
    createTestApp({ DEPLOYMENT: 'frutas', WEB_DIR: webDir }),
  ]);
});
afterAll(async () => {
  await Promise.all([eventos.close(), frutas.close()]);
  await rm(webDir, { recursive: true, force: true });
});

const page = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('the tab icon', () => {
  it('is the deployment’s at /favicon.svg and /favicon.ico, whatever the browser asks for', async () => {
    const svg = await eventos.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('aria-label="Eventos del Norte"');
    expect((await frutas.app.inject({ method: 'GET', url: '/favicon.svg' })).body).toContain('aria-label="Frutas del Norte"');
    const ico = await eventos.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/png');
    expect(ico.rawPayload.equals(await readFile(path.resolve(import.meta.dirname, '../../public/icons/eventos-192.png')))).toBe(true);
  });

  it('tells someone without JavaScript what to do, in Spanish', async () => {
    const html = (await page(eventos, '/')).body;
    expect(html).toMatch(/<noscript>[\s\S]*Esta aplicación necesita JavaScript\.[\s\S]*<\/noscript>/);
    // Where scripts are switched off for the page but the browser parses as if they ran, the app's place says it too.
    expect(html).toMatch(/<div id="root">\s*<p class="boot-note">Cargando… Si la página no avanza, activa JavaScript/);
  });
});

describe('the app page as a deployment serves it', () => {
  it('carries the event-rental brand at first paint: name, colours, icons, marked deployment', async () => {
    for (const url of ['/', '/index.html', '/clients', '/sales/12']) {
      const response = await page(eventos, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = response.body;
      expect(html).toContain('<html lang="es-MX" data-deployment="eventos">');
      expect(html).toContain('<title>Eventos del Norte</title>');
      expect(html).toContain('<meta name="theme-color" content="#6a1b9a" />');
      expect(html).toContain('<link rel="icon" href="/brand/eventos.svg" type="image/svg+xml" />');
      expect(html).toContain('<link rel="apple-touch-icon" href="/icons/eventos-192.png" />');
      expect(html).toContain('<style>html:root{--brand-color:#6a1b9a;--ion-color-primary:#4a148c;');
      expect(html).not.toContain('Frutas');
      expect(html).not.toContain('#2e7d32');
    }
  });

  it('carries the produce brand on the produce deployment', async () => {
    const html = (await page(frutas, '/')).body;
    expect(html).toContain('data-deployment="frutas"');
    expect(html).toContain('<title>Frutas del Norte</title>');
    expect(html).toContain('--ion-color-primary:#1b5e20');
  });

  it('still serves the hashed assets as files, cached for a year, and 404s an unknown API path', async () => {
    const asset = await eventos.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await page(eventos, '/api/v2/no-existe');
    expect(api.statusCode).toBe(404);
  });
});
