import type { FastifyInstance } from 'fastify';
import { isIconFile, type HomeScreenIcons } from '../business/icons';
import { NEUTRAL_LOGO, type BusinessProfile } from '../business/profile';
import { apiMessages } from '../../domain/messages/api';
import { deploymentSchema } from '../../domain/deployment';
import { everyone } from '../plugins/auth';
import { guardedRoutes, type RouteTable } from '../http/route-table';

/** What each route of this file needs (its access rule) and takes and answers (its OpenAPI entry). */
export const DEPLOYMENT_ROUTES = {
  'GET /api/v2/deployment': {
    access: everyone,
    summary: 'Perfil de la empresa',
    response: deploymentSchema,
  },
} satisfies RouteTable;

const guardedRoute = guardedRoutes(DEPLOYMENT_ROUTES);

/** Public: the login screen shows the business's branding before anyone signs in. */
export function deploymentRoutes(app: FastifyInstance, business: BusinessProfile, icons: HomeScreenIcons): void {
  guardedRoute(app, 'GET /api/v2/deployment', async () => business.current());

  // The business's own logo (given in 'Configuración inicial'). An SVG opened on its own runs nothing.
  app.get('/brand/logo', async (_request, reply) => {
    const logo = await business.logo();
    if (!logo) return reply.redirect(NEUTRAL_LOGO);
    return reply
      .type(logo.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .send(logo.bytes);
  });

  // The home-screen icons of a business set up in the product, drawn from its logo.
  app.get('/brand/icon/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const png = isIconFile(file) ? await icons.png(file) : null;
    if (!png) return reply.code(404).send({ message: apiMessages.notFound });
    return reply.type('image/png').header('cache-control', 'no-cache').send(png);
  });

  // The web manifest carries the deployment's name, colour and icons, so it is served, not built.
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const { identity } = await business.current();
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'no-cache')
      .send({
        name: identity.brand,
        short_name: identity.brand.split(' ')[0],
        description: identity.tagline,
        lang: 'es-MX',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: identity.themeColor,
        icons: [
          { src: await icons.address('192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: await icons.address('512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: await icons.address('maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      });
  });
}
