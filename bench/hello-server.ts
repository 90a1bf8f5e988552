// The baseline: a bare Fastify answering {"hello":"world"}, on the same machine and Node.js as the
// real server, so every figure can be read as a share of what this hardware serves at best.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
