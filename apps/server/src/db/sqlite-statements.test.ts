import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { cachedStatements } from './sqlite-statements.js';

// The statement cache is SQLite's alone; it runs with the SQLite project only.
describe.runIf(process.env.TEST_DIALECT !== 'postgres')('SQLite statement cache', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (id integer primary key, project_id integer not null, name text not null)');
    sqlite.exec('create index t_project on t (project_id)');
    return { sqlite, statements: cachedStatements(sqlite) };
  };
  const list = 'select id, name from t where project_id = ? order by id';

  it('reads what was written since, with the same parameters', () => {
    const { statements } = open();
    const insert = statements.prepare('insert into t (project_id, name) values (?, ?)');
    insert.run([1, 'a']);
    expect(statements.prepare(list).all([1])).toEqual([{ id: 1, name: 'a' }]);
    insert.run([1, 'b']);
    insert.run([2, 'c']);
    expect(statements.prepare(list).all([1])).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(statements.readNow(list, [2])).toEqual([{ id: 3, name: 'c' }]);
  });

  it('keeps a number and the same digits as text apart', () => {
    const { statements } = open();
    statements.prepare('insert into t (project_id, name) values (?, ?)').run([1, '1']);
    const byName = 'select id from t where name = ?';
    expect(statements.prepare(byName).all(['1'])).toEqual([{ id: 1 }]);
    // SQLite compares the integer 1 with the text '1' as different values.
    expect(statements.prepare(byName).all([1])).toEqual([]);
  });

  it('keeps apart texts that would join into the same key (a NUL inside one)', () => {
    const { statements } = open();
    const insert = statements.prepare('insert into t (project_id, name) values (?, ?)');
    insert.run([1, 'a\u0000sb']);
    insert.run([2, 'a']);
    const byNames = 'select project_id from t where name in (?, ?) order by project_id';
    expect(statements.readNow(byNames, ['a\u0000sb', 'c'])).toEqual([{ project_id: 1 }]);
    expect(statements.readNow(byNames, ['a', 'b\u0000sc'])).toEqual([{ project_id: 2 }]);
  });

  it('runs a write that returns rows every time', () => {
    const { statements } = open();
    const insert = statements.prepare('insert into t (project_id, name) values (?, ?) returning id');
    expect(insert.all([1, 'a'])).toEqual([{ id: 1 }]);
    expect(
      statements.prepare('insert into t (project_id, name) values (?, ?) returning id').all([1, 'a']),
    ).toEqual([{ id: 2 }]);
    expect(
      statements.readNow('insert into t (project_id, name) values (?, ?) returning id', [1, 'a']),
    ).toBeUndefined();
  });

  it('leaves reads inside an open transaction to Kysely', () => {
    const { sqlite, statements } = open();
    sqlite.exec('begin');
    statements.prepare('insert into t (project_id, name) values (?, ?)').run([1, 'uncommitted']);
    expect(statements.readNow(list, [1])).toBeUndefined();
    sqlite.exec('rollback');
    expect(statements.readNow(list, [1])).toEqual([]);
  });

  // Issue 33: a statement is SQLite memory V8 does not see, freed only by a full GC once dropped.
  it('prepares no statement for parameters read once, so varied ids leave no garbage behind', () => {
    const { sqlite, statements } = open();
    statements.prepare('insert into t (project_id, name) values (?, ?)').run([7, 'a']);
    const prepare = vi.spyOn(sqlite, 'prepare');
    for (let projectId = 1; projectId <= 200; projectId++) {
      expect(statements.readNow(list, [projectId])).toEqual(projectId === 7 ? [{ id: 1, name: 'a' }] : []);
    }
    // The shared statement only: before, each new id prepared a copy, and the 17th dropped one.
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('binds a copy for parameters read again, and keeps a hot one past many one-off reads', () => {
    const { sqlite, statements } = open();
    const insert = statements.prepare('insert into t (project_id, name) values (?, ?)');
    insert.run([1, 'a']);
    const prepare = vi.spyOn(sqlite, 'prepare');
    for (let i = 0; i < 3; i++) expect(statements.readNow(list, [1])).toEqual([{ id: 1, name: 'a' }]);
    // The shared statement, then one copy bound to [1] on its second run.
    expect(prepare).toHaveBeenCalledTimes(2);
    for (let projectId = 1000; projectId < 1100; projectId++) {
      statements.readNow(list, [projectId]);
      expect(statements.readNow(list, [1])).toHaveLength(1);
    }
    insert.run([1, 'b']);
    expect(statements.readNow(list, [1])).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 16 copies of a read, the least recently run going first, and answers right', () => {
    const { sqlite, statements } = open();
    const insert = statements.prepare('insert into t (project_id, name) values (?, ?)');
    for (let projectId = 1; projectId <= 17; projectId++) insert.run([projectId, `p${projectId}`]);
    const prepare = vi.spyOn(sqlite, 'prepare');
    const read = (projectId: number) =>
      expect(statements.readNow(list, [projectId])).toEqual([{ id: projectId, name: `p${projectId}` }]);
    // 17 parameters read twice each: 17 copies asked for, 16 kept.
    for (let round = 0; round < 2; round++) {
      for (let projectId = 1; projectId <= 17; projectId++) read(projectId);
    }
    expect(prepare).toHaveBeenCalledTimes(1 + 17);
    // [1] went first: it is read once on the shared statement and bound again on its next run.
    prepare.mockClear();
    for (let projectId = 2; projectId <= 17; projectId++) read(projectId);
    expect(prepare).not.toHaveBeenCalled();
    read(1);
    expect(prepare).not.toHaveBeenCalled();
    read(1);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('follows a change of the schema', () => {
    const { sqlite, statements } = open();
    statements.prepare('insert into t (project_id, name) values (?, ?)').run([1, 'a']);
    const all = 'select * from t where project_id = ?';
    expect(statements.readNow(all, [1])).toEqual([{ id: 1, project_id: 1, name: 'a' }]);
    sqlite.exec("alter table t add column colour text not null default 'red'");
    expect(statements.readNow(all, [1])).toEqual([{ id: 1, project_id: 1, name: 'a', colour: 'red' }]);
  });
});
