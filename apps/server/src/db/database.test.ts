import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/test-app.js';
import { openDatabase, type OpenOptions } from './database.js';

/** How many connections the pool opens for twice as many queries at once: its size. */
async function connectionsUsed(url: string, options: OpenOptions = {}, queries = 8) {
  const handle = openDatabase(url, options);
  try {
    const answers = await Promise.all(
      Array.from({ length: queries }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(handle.db),
      ),
    );
    return new Set(answers.map((a) => a.rows[0]!.pid)).size;
  } finally {
    await handle.close();
  }
}

describe.skipIf(testDialect !== 'postgres')('the PostgreSQL pool', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const withQuery = (query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

  it('opens as many connections as its size, from the option (what main.ts passes from the config)', async () => {
    expect(await connectionsUsed(url, { poolSize: 3 })).toBe(3);
  });

  it("takes the URL's pool_size when no size is passed; a size passed wins", async () => {
    expect(await connectionsUsed(withQuery('pool_size=2'))).toBe(2);
    expect(await connectionsUsed(withQuery('pool_size=2'), { poolSize: 3 })).toBe(3);
  });
});
