import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './app-instance.ts';

/** The website's own pages: each answers the single page, which routes in the browser. */
export const WEBSITE_ROUTES = [
  '/',
  '/sign-in',
  '/forgot-password',
  '/reset-password',
  '/flights',
  '/flights/*',
  '/hotels',
  '/hotels/*',
  '/trips',
  '/trips/*',
  '/agency',
  '/admin',
  '/admin/*',
  '/account',
  '/account/*',
  '/office',
] as const;

/**
 * Scripts, styles and data only from this server, no inline script, no framing: what a page that holds
 * an access token in memory needs to keep it there.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  // The page names its scripts by content hash: it is asked again each time, they are kept for good.
  'cache-control': 'no-cache',
};

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Itinera</title>
<h1>The website is not built</h1><p>Run <code>npm run build:web</code> (npm install and npm start do it), then reload.
The API is described at <a href="/docs">/docs</a> (and <a href="/openapi.json">/openapi.json</a>).</p></html>`;

/** The booking website at `/`, as Vite built it into `webDir`; a page saying how to build it if it is not. */
export async function registerWebsite(app: App, webDir: string | undefined): Promise<void> {
  if (!webDir) return;
  const indexFile = path.join(webDir, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn({ webDir: webDir }, 'the website is not built; / explains how to build it');
  else
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The page is served only under its routes, with its headers: no route for an .html file at all.
      globIgnore: ['**/*.html'],
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      setHeaders: (res, filePath) => {
        res.header('x-content-type-options', 'nosniff');
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  const page = built ? readFileSync(indexFile) : Buffer.from(NOT_BUILT);
  for (const url of WEBSITE_ROUTES)
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(PAGE_HEADERS).send(page),
    );
}
