// CI: creates (or drops) a fresh PostgreSQL database for one run of the server suite.
// Usage: node scripts/ci-database.mjs create|drop <name>   (admin URL from PG_ADMIN_URL)
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: node scripts/ci-database.mjs create|drop <name>');
  process.exit(2);
}
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: adminUrl });
try {
  await client.connect();
  await client.query(action === 'create' ? `create database ${name}` : `drop database if exists ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (action === 'create') console.log(url.toString());
} catch (error) {
  console.error(`PostgreSQL at ${adminUrl}: ${error.message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}
