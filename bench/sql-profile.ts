// `--sql-profile` of a benchmark on SQLite: every statement the process prepares is timed, and
// the statements that took the most time are printed with their mean time per call in the first
// and the last fifth of their calls (what grows as the database does).
import SQLite from 'better-sqlite3';

type Timing = { calls: number[]; total: number };
const timings = new Map<string, Timing>();

const timed = <A extends unknown[], R>(sql: string, method: (...args: A) => R) =>
  function (this: unknown, ...args: A): R {
    const started = performance.now();
    try {
      return method.apply(this, args);
    } finally {
      const ms = performance.now() - started;
      const timing = timings.get(sql) ?? { calls: [], total: 0 };
      timing.calls.push(ms);
      timing.total += ms;
      timings.set(sql, timing);
    }
  };

/** Wraps better-sqlite3's statements from now on. */
export function profileSqlite() {
  const prepare = SQLite.prototype.prepare;
  SQLite.prototype.prepare = function (this: SQLite.Database, source: string) {
    const statement = prepare.call(this, source) as SQLite.Statement;
    const sql = source.replace(/\s+/g, ' ').slice(0, 160);
    statement.run = timed(sql, statement.run.bind(statement));
    statement.all = timed(sql, statement.all.bind(statement));
    statement.get = timed(sql, statement.get.bind(statement));
    return statement;
  } as typeof prepare;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

export function printSqlProfile(top = 20) {
  const rows = [...timings.entries()].sort((a, b) => b[1].total - a[1].total).slice(0, top);
  console.log('\nstatements by time (total s, calls, mean ms first fifth → last fifth):');
  for (const [sql, t] of rows) {
    const fifth = Math.max(1, Math.floor(t.calls.length / 5));
    const first = mean(t.calls.slice(0, fifth)).toFixed(2);
    const last = mean(t.calls.slice(-fifth)).toFixed(2);
    console.log(
      `${(t.total / 1000).toFixed(1).padStart(7)} ${String(t.calls.length).padStart(8)} ${first.padStart(7)} → ${last.padStart(7)}  ${sql}`,
    );
  }
}
