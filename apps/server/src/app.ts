import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@crm/contract';
import { databaseAnswers } from './db/database.js';
import type { AppDeps } from './deps.js';
import type { Feature } from './feature.js';
import { registerAccessGuard } from './http/access.js';
import { AppError } from './http/app-error.js';
import { ok } from './http/envelope.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerRequestLog } from './http/request-log.js';
import { addRequestHook } from './http/route-hooks.js';
import { createResponseSerializer } from './http/response-serializer.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { inlineScriptSources, registerWebApp } from './http/web-app.js';

export type BuildOptions = {
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** The built web app to serve (apps/web/dist); omitted in API-only tests. */
  webDist?: string;
  /** Also parse every answer with its zod schema (tests), not only write its declared fields. */
  checkAnswers?: boolean;
};

/** Answers smaller than this are sent as they are: compressing them costs more than it saves. */
const COMPRESS_THRESHOLD = 1024;

const BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps, features: readonly Feature[], options: BuildOptions = {}) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    // One line per request instead of two (see registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ checkWithZod: options.checkAnswers ?? false }));
  app.decorate('deps', deps);
  registerErrorHandler(app);
  if (options.logger) registerRequestLog(app);
  // Requests without a body have nothing to decompress: their routes skip that hook.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD'))
      route.decompress = false;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) is for files built once; on the fly a low one is as small as gzip, and faster.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  registerSecurityHeaders(app, deps.config, inlineScriptSources(options.webDist));
  await app.register(fastifyCors, { origin: [new URL(deps.config.appUrl).origin] });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'CRM API', version: '1.0.0', description: 'API of the CRM (docs/product.md §5).' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'id|secret', description: 'Токен входа' },
          // docs/product.md, "API keys": operations a key may call list it, with `x-api-key-scope`.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'id|secret',
            description: 'API-ключ проекта (Настройки проекта → Интеграции); x-api-key-scope: read — только чтение, write — запись',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // docs/product.md §5: the document itself at /api/docs for a client that asks for JSON; browsers
  // get the UI. Only those two routes run the check.
  app.addHook('onRoute', (route) => {
    if (route.url !== '/api/docs' && route.url !== '/api/docs/') return;
    addRequestHook(route, async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (accept.includes('application/json') && !accept.includes('text/html')) {
        return reply.type('application/json').send(app.swagger());
      }
    });
  });
  // The UI is a document like the pages and gets their policy (http/security-headers.ts): the
  // plugin's own (staticCSP) let styles and fonts come from any HTTPS origin and asked for
  // upgrade-insecure-requests even over plain HTTP. Without the top bar (its logo is an SVG with
  // a <style> inside, which style-src 'self' refuses): the document's address box is not needed.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { layout: 'BaseLayout' } });

  registerAccessGuard(app, deps);

  await app.register(
    async (api) => {
      api.get('/health', {
        config: { access: 'public' },
        // Its answer is a few bytes, never worth compressing: it skips those hooks (it is polled).
        compress: false,
        schema: { tags: ['health'], response: { 200: envelope(z.object({ status: z.literal('ok') })) } },
        handler: async () => {
          if (!(await databaseAnswers(deps.db))) throw new AppError(503, 'База данных недоступна');
          return ok({ status: 'ok' as const });
        },
      });
      await api.register(
        async (v1) => {
          for (const feature of features) if (feature.routes) await v1.register(feature.routes);
        },
        { prefix: '/v1' },
      );
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, options.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
