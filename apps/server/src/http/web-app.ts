import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The document of a page: its own HTML entry when the build has one (/login → login.html, the
 * small sign-in page), else the app's index.html. `own` lists the build's entries by name.
 */
function pageDocument(own: ReadonlySet<string>, url: string): string {
  const name = /^\/([a-z][a-z_-]*)\/?(?:[?#]|$)/.exec(url)?.[1];
  return name !== undefined && own.has(name) ? `${name}.html` : 'index.html';
}

/**
 * The CSP sources of the inline scripts in the built pages (the signed-in visitor's preload in
 * index.html): each is allowed by its hash, so no other inline script runs.
 */
export function inlineScriptSources(webDist: string | undefined): string[] {
  if (webDist === undefined || !existsSync(webDist)) return [];
  const sources = new Set<string>();
  for (const file of readdirSync(webDist).filter((name) => name.endsWith('.html'))) {
    const html = readFileSync(join(webDist, file), 'utf8');
    for (const [, code] of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      sources.add(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
    }
  }
  return [...sources];
}

/**
 * Serves the built web app and answers client routes with index.html; unknown /api paths get
 * the 404 envelope. Hashed assets are cached for a year, index.html never.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  const ownDocuments = new Set(
    hasWeb
      ? readdirSync(webDist)
          .filter((file) => file.endsWith('.html') && file !== 'index.html')
          .map((file) => file.slice(0, -'.html'.length))
      : [],
  );
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; they are sent by Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWeb && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile(pageDocument(ownDocuments, request.url));
    }
    return reply.code(404).send({ success: false, message: 'Маршрут не найден' });
  });
}
