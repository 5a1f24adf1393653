import type { FastifyInstance } from 'fastify';
import type { Deployment } from '../../../domain/deployment';

/** Public: the login screen shows the deployment's branding before anyone signs in. */
export function deploymentRoutes(app: FastifyInstance, deployment: Deployment): void {
  app.get('/api/v2/deployment', async () => deployment);
}
