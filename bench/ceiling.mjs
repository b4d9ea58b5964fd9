// The ceiling: a plain Fastify process with one route answering a constant small JSON. Whatever
// the app does per request costs throughput relative to this, on the same machine and settings.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const shutdown = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: Number(process.env.PORT ?? 3999), host: process.env.HOST ?? '127.0.0.1' });
