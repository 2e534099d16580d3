// The reference of bench/src/api-load.ts: the bare framework and driver the node is built on,
// Fastify answering one pooled node-postgres `SELECT 1` as JSON, with nothing of ours between.
// Run as its own process with PORT and DATABASE_URL.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/ready', () => ({ ok: true }));
app.post('/select-1', async () => {
  const result = await pool.query<{ one: number }>('SELECT 1 AS one');
  return { data: result.rows[0] };
});
process.once('SIGTERM', () => {
  void app.close().then(async () => {
    await pool.end();
    process.exit(0);
  });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
