import { readFileSync } from 'node:fs';
import swaggerUi from '@fastify/swagger-ui';
import type { App } from './app-instance.ts';
import { CONTENT_SECURITY_POLICY } from './website.ts';

const here = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

/**
 * The interactive API reference at `/docs`: Swagger UI, served from this server (nothing fetched from
 * elsewhere), over the OpenAPI document, under the website's content security policy (no inline script
 * or style). "Authorize" signs in with the password grant of a client such as the demo's; "Try it out"
 * calls this server. Made to pass WCAG 2.1 AA (axe, in the browser tests): colours darkened where the
 * text was too faint (api-reference.css), plain examples (the highlighter's colours were too faint), no
 * deep-link anchor inside each operation's button (a control within a control), no server picker without
 * a label (the page calls the server it came from), and the names and focus Swagger UI leaves out added
 * as its parts appear (api-reference-a11y.js).
 */
export async function registerApiReference(app: App): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: CONTENT_SECURITY_POLICY,
    theme: {
      title: 'Itinera API reference',
      css: [{ filename: 'itinera.css', content: here('./api-reference.css') }],
      js: [{ filename: 'itinera-a11y.js', content: here('./api-reference-a11y.js') }],
    },
    // The page calls the server it was served from: no list of servers to pick from.
    transformSpecification: (document) => {
      const { servers: _servers, ...rest } = document as Record<string, unknown>;
      return rest;
    },
    uiConfig: {
      // No top bar (a logo, and a box to load another document, which applies an inline style): the
      // page documents this API only.
      layout: 'BaseLayout',
      deepLinking: false,
      docExpansion: 'none',
      defaultModelsExpandDepth: 0,
      persistAuthorization: false,
      tryItOutEnabled: false,
      syntaxHighlight: false,
    },
  });
}
