// The bare-framework ceiling for bench/fixed-cost.bench.ts: Fastify answering health's JSON, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'OK', database: 'up', storage: 'writable' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log(JSON.stringify({ ready: true, port }));
