// The yardstick: a bare Fastify route with the same answer shape and no database, no guard.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, response: { status: 'ok' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`READY ${(app.server.address() as { port: number }).port}`);
