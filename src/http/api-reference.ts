import swaggerUi from '@fastify/swagger-ui';
import type { App } from './app-instance.ts';
import { CONTENT_SECURITY_POLICY } from './website.ts';

/**
 * The interactive API reference at `/docs`: Swagger UI, served from this server (nothing fetched from
 * elsewhere), over the OpenAPI document, under the website's content security policy (no inline script
 * or style). "Authorize" signs in with the password grant of a client such as the demo's; "Try it out"
 * calls this server.
 */
export async function registerApiReference(app: App): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: CONTENT_SECURITY_POLICY,
    theme: { title: 'Itinera API reference' },
    uiConfig: {
      // No top bar (a logo, and a box to load another document, which applies an inline style): the
      // page documents this API only.
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'none',
      defaultModelsExpandDepth: 0,
      persistAuthorization: false,
      tryItOutEnabled: false,
    },
  });
}
