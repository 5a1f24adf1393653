import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentSchema } from '../../domain/deployment';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEPLOYMENT: 'eventos' });
});
afterAll(() => t.close());

describe('the server', () => {
  it('reports healthy when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('publishes the configured deployment profile without sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/deployment' });
    expect(response.statusCode).toBe(200);
    const deployment = deploymentSchema.parse(response.json());
    expect(deployment.id).toBe('eventos');
    expect(deployment.identity.brand).toBe('Eventos del Norte');
    expect(deployment.flags.hiddenPaths).toContain('/orders');
  });

  it('serves an installable web manifest in Spanish with the deployment colour and icons', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json();
    expect(manifest).toMatchObject({ lang: 'es-MX', display: 'standalone', start_url: '/', theme_color: '#6a1b9a', name: 'Eventos del Norte' });
    const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('sends a content security policy that allows no inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Not behind TLS here: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers unknown API paths with a Spanish 404 in JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/no-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Recurso no encontrado.' });
  });
});

describe('the server behind TLS', () => {
  it('adds HSTS when its public address is https', async () => {
    const behindTls = await createTestApp({ PUBLIC_URL: 'https://reparto.example.mx' });
    try {
      const response = await behindTls.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await behindTls.close();
    }
  });
});

describe('cross-origin calls', () => {
  it('are allowed only from the configured public address', async () => {
    const configured = await createTestApp({ PUBLIC_URL: 'https://reparto.example.mx' });
    try {
      const preflight = (origin: string) =>
        configured.app.inject({
          method: 'OPTIONS',
          url: '/api/v2/shippings',
          headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
        });
      expect((await preflight('https://reparto.example.mx')).headers['access-control-allow-origin']).toBe('https://reparto.example.mx');
      expect((await preflight('https://malicioso.example.com')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await configured.close();
    }
    const unconfigured = await t.app.inject({ method: 'GET', url: '/api/v2/deployment', headers: { origin: 'https://malicioso.example.com' } });
    expect(unconfigured.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET /api/docs', () => {
  it('describes every route of the access table with the domain schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const { ROUTE_ACCESS } = await import('../../server/route-access');
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
    const login = document.paths['/api/v1/user/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(document.paths['/api/v2/shippings'].get['x-permissions']).toEqual(['shippings']);
  });
});
