import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientPageEndpoints,
  type ClientPage,
  clientImportsEndpoints,
  clientsEndpoints,
  dayOf,
  IMPORT_FILE_MAX_BYTES,
  historyEndpoints,
  statisticsEndpoints,
  type ClientImport,
} from '@crm/contract';
import { call, urlOf } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { newHolderId } from '../../jobs/scheduler.js';
import { importProject, upload, win1251, work, xlsx, zipOfZeros } from './import.fixtures.js';
import { importBatchRows } from './import.worker.js';

const E = clientImportsEndpoints;

/** The clients of a project by name, with their values, as the API lists them. */
async function clientsOf(t: TestApp, x: Awaited<ReturnType<typeof importProject>>) {
  const res = await call(
    t.app,
    'GET',
    `${urlOf(clientsEndpoints.search, { projectId: x.projectId })}?page=1`,
    {
      token: x.p.admin.token,
    },
  );
  expect(res.status).toBe(200);
  return res.body.response.total as number;
}

const CSV_HEADER = 'Имя;Фамилия;Телефон;Источник;Категория;Менеджер;Сумма;Заметка';

describe('the client import (docs/product.md §4.8 "Import")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reads a Windows-1251 semicolon CSV, checks it, runs it, and undoes it', async () => {
    const x = await importProject(t);
    // A client the file duplicates by a number written otherwise.
    await x.p.addClient(x.p.manager.token, {
      name: 'Старый',
      last_name: 'Клиент',
      category_id: x.fresh.id,
      fields: [{ field_id: x.phone.id, value: '+380 50 111 22 33' }],
    });
    const lines = [
      CSV_HEADER,
      'Анна;Иванова;+380 50 123 45 67;Сайт;Новые;;12 500;"Звонить после 18:00;\nне раньше"',
      'Борис;Петров;(050) 111-22-33;Реклама;В работе;Мария Менеджерова;;',
      'Вера;Сидорова;12;Сайт;Новые;;;',
      'Глеб;Орлов;+380 50 765 43 21;Выставка;Нет такой;;;',
      'Дина;Ёлкина;0501234567;Сайт;Новые;;;',
      ';Без имени;+380 67 000 00 01;;Новые;;abc;',
      'Ефим;"Кавычкин ""Большой""";+380 67 000 00 02;;;nobody@example.com;;',
    ];
    const uploaded = await upload(
      t.app,
      x.projectId,
      x.p.admin.token,
      'клиенты.csv',
      win1251(lines.join('\r\n')),
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const imp = uploaded.body.response as ClientImport;
    expect(imp).toMatchObject({
      status: 'uploaded',
      format: 'csv',
      encoding: 'windows-1251',
      delimiter: ';',
      file_name: 'клиенты.csv',
    });
    // The headers name their targets: the form's fields by name, the client's own in Russian.
    expect(imp.columns.map((c) => c.mapping)).toEqual([
      { target: 'name' },
      { target: 'last_name' },
      { target: 'field', field_id: x.phone.id },
      { target: 'field', field_id: x.source.id },
      { target: 'category' },
      { target: 'manager' },
      { target: 'amount' },
      { target: 'note' },
    ]);
    expect(imp.columns[0]!.samples).toEqual(['Анна', 'Борис', 'Вера', 'Глеб', 'Дина']);
    expect(imp.columns[7]!.samples[0]).toBe('Звонить после 18:00;\nне раньше');

    await x.ok(E.check, imp.id);
    await work(t);
    let checked = await x.get(imp.id);
    expect(checked.status).toBe('checked');
    expect(checked.rows_total).toBe(7);
    // Anna new; Boris duplicates the old client (skipped by default); Dina duplicates Anna's number.
    expect(checked.checked).toEqual({ new: 1, update: 0, duplicate: 2, errors: 4 });
    expect(checked.errors).toEqual([
      { row: 5, column: 'Телефон', message: expect.stringContaining('Такого номера телефона нет') },
      {
        row: 6,
        column: 'Источник',
        message:
          'Нет варианта «Выставка» в поле «Источник»: выберите, пропустить значение или добавить вариант',
      },
      {
        row: 6,
        column: 'Категория',
        message: 'Нет категории «Нет такой»: создайте её или исправьте название',
      },
      { row: 8, column: 'Имя', message: expect.any(String) },
      { row: 8, column: 'Сумма', message: expect.stringContaining('Сумма — целое число') },
      {
        row: 9,
        column: 'Менеджер',
        message: 'Нет участника проекта «nobody@example.com»: укажите email или имя участника',
      },
      {
        row: 9,
        column: null,
        message: 'Укажите категорию: в строке её нет, а категория по умолчанию не выбрана',
      },
    ]);
    expect(checked.unknown_options).toEqual([
      { field_id: x.source.id, field_name: 'Источник', value: 'Выставка', rows: 1, choice: null },
    ]);

    // The errors file: the bad rows as they were, with why, to fix and import again.
    const file = await t.app.inject({
      method: 'GET',
      url: urlOf(E.errors, { projectId: x.projectId, importId: imp.id }),
      headers: { authorization: `Bearer ${x.p.admin.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(file.body.slice(1), { delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([...CSV_HEADER.split(';'), 'Ошибка']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Вера', 'Глеб', '', 'Ефим']);
    expect(rows[2]![8]).toBe(
      'Источник: Нет варианта «Выставка» в поле «Источник»: выберите, пропустить значение или добавить вариант; ' +
        'Категория: Нет категории «Нет такой»: создайте её или исправьте название',
    );

    // The admin adds the option and fills the duplicates' empty values: a new check says so.
    await x.ok(E.update, imp.id, {
      option_choices: [{ field_id: x.source.id, value: 'Выставка', choice: 'add' }],
      duplicates: 'fill',
    });
    await x.ok(E.check, imp.id);
    await work(t);
    checked = await x.get(imp.id);
    expect(checked.checked).toEqual({ new: 1, update: 2, duplicate: 0, errors: 4 });
    expect(checked.unknown_options).toEqual([
      { field_id: x.source.id, field_name: 'Источник', value: 'Выставка', rows: 1, choice: 'add' },
    ]);

    const before = await clientsOf(t, x);
    await x.ok(E.run, imp.id);
    await work(t);
    const done = await x.get(imp.id);
    expect(done).toMatchObject({
      status: 'done',
      done: { new: 1, update: 2, duplicate: 0, errors: 4 },
      can_undo: true,
    });
    expect(await clientsOf(t, x)).toBe(before + 1);
    const history = await x.p.history('client_import.finished');
    expect(history.map((h) => h.message)).toEqual(['Импорт: 1 клиент, обновлено 2 из клиенты.csv']);
    // Scenarios were not asked for: an imported client starts none.
    const anna = await t.db
      .selectFrom('clients')
      .selectAll()
      .where('project_id', '=', x.projectId)
      .where('name', '=', 'Анна')
      .executeTakeFirstOrThrow();
    expect(anna).toMatchObject({
      last_name: 'Иванова',
      amount: 12500,
      category_id: x.fresh.id,
      manager_id: x.p.admin.id,
    });
    const notes = await t.db
      .selectFrom('client_notes')
      .select('note')
      .where('client_id', '=', anna.id)
      .execute();
    expect(notes).toEqual([{ note: 'Звонить после 18:00;\nне раньше' }]);
    const stays = await t.db
      .selectFrom('client_stage_stays')
      .select('category_id')
      .where('client_id', '=', anna.id)
      .execute();
    expect(stays).toEqual([{ category_id: x.fresh.id }]);
    // Her history starts with the import's one entry; the statistics count only the client a
    // person added today as new.
    const own = await call(
      t.app,
      'GET',
      `${urlOf(historyEndpoints.list, { projectId: x.projectId })}?client_id=${anna.id}`,
      { token: x.p.admin.token },
    );
    expect(own.body.response.data.map((e: { message: string }) => e.message)).toEqual([
      'Импорт: 1 клиент, обновлено 2 из клиенты.csv',
    ]);
    // Her page's timeline says so too, and links the import.
    const page = await call(
      t.app,
      'GET',
      urlOf(clientPageEndpoints.get, { projectId: x.projectId, clientId: anna.id }),
      { token: x.p.admin.token },
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect((page.body.response as ClientPage).timeline.data).toEqual([
      expect.objectContaining({
        kind: 'client_import.finished',
        message: 'Импорт: 1 клиент, обновлено 2 из клиенты.csv',
        details: { type: 'import', import_id: imp.id },
      }),
    ]);
    const today = dayOf(t.clock.now(), 'Europe/Moscow');
    const stats = await call(
      t.app,
      'GET',
      `${urlOf(statisticsEndpoints.get, { projectId: x.projectId })}?from=${today}&to=${today}`,
      { token: x.p.admin.token },
    );
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const added = (stats.body.response.new_clients as { clients: number }[]).reduce(
      (sum, b) => sum + b.clients,
      0,
    );
    expect(added).toBe(1);

    // Undo: Anna goes, the old client gets his values back; one entry says so.
    await x.ok(E.undo, imp.id);
    await work(t);
    expect((await x.get(imp.id)).status).toBe('undone');
    expect(await clientsOf(t, x)).toBe(before);
    expect((await x.p.history('client_import.undone')).map((h) => h.message)).toEqual([
      'Импорт из клиенты.csv отменён: удалено 1 клиент, восстановлено 1',
    ]);
  });

  it("reads a number without its country code as one of the project's country: '8 999 …' in a Russian project", async () => {
    const x = await importProject(t);
    const put = await call(t.app, 'PUT', `/api/v1/projects/${x.projectId}`, {
      token: x.p.owner.token,
      body: { phone_country: 'RU' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await x.p.addClient(x.p.manager.token, {
      name: 'Старый',
      last_name: 'Клиент',
      category_id: x.fresh.id,
      fields: [{ field_id: x.phone.id, value: '+7 999 111 22 33' }],
    });
    const lines = [
      'Имя;Фамилия;Телефон;Категория',
      'Анна;Иванова;8 999 123-45-67;Новые',
      'Борис;Петров;8 (999) 111-22-33;Новые',
      'Вера;Сидорова;8 (495) 123-45-67;Новые',
      'Нгуен;Ван;+84 95 123 4567;Новые',
      'Олена;Коваль;050 123 45 67;Новые',
    ];
    const imp = (await upload(t.app, x.projectId, x.p.admin.token, 'ru.csv', win1251(lines.join('\r\n'))))
      .body.response as ClientImport;
    await x.ok(E.check, imp.id);
    await work(t);
    const checked = await x.get(imp.id);
    // Boris is the old client written with the trunk prefix; Moscow's number is no Vietnamese one;
    // a Ukrainian number written the Ukrainian way is no number here.
    expect(checked.checked).toEqual({ new: 3, update: 0, duplicate: 1, errors: 1 });
    expect(checked.errors).toEqual([
      { row: 6, column: 'Телефон', message: expect.stringContaining('Такого номера телефона нет') },
    ]);
    await x.ok(E.run, imp.id);
    await work(t);
    expect((await x.get(imp.id)).status).toBe('done');
    const phones = await t.db
      .selectFrom('client_field_values as v')
      .innerJoin('clients as c', 'c.id', 'v.client_id')
      .select(['c.name', 'v.value'])
      .where('v.project_id', '=', x.projectId)
      .where('v.field_id', '=', x.phone.id)
      .orderBy('c.id')
      .execute();
    expect(phones).toEqual([
      { name: 'Старый', value: '79991112233' },
      { name: 'Анна', value: '79991234567' },
      { name: 'Вера', value: '74951234567' },
      { name: 'Нгуен', value: '84951234567' },
    ]);
  });

  it('refuses to undo once a client it wrote has changed since, and says why', async () => {
    const x = await importProject(t);
    const csv = `Имя;Фамилия;Категория\nАнна;Иванова;Новые\nБорис;Петров;Новые\n`;
    const imp = (await upload(t.app, x.projectId, x.p.admin.token, 'a.csv', Buffer.from(csv))).body
      .response as ClientImport;
    await x.ok(E.check, imp.id);
    await work(t);
    await x.ok(E.run, imp.id);
    await work(t);
    const boris = await t.db
      .selectFrom('clients')
      .select('id')
      .where('project_id', '=', x.projectId)
      .where('name', '=', 'Борис')
      .executeTakeFirstOrThrow();
    t.clock.advance(60_000);
    const edited = await call(t.app, 'PUT', x.p.urls.client(boris.id), {
      token: x.p.admin.token,
      body: { name: 'Борис', last_name: 'Петров-Водкин' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const undo = await x.act(E.undo, imp.id);
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe(
      'Отменить импорт нельзя: после него изменились клиенты (1). Отмена стёрла бы эти изменения',
    );
    expect((await x.get(imp.id)).status).toBe('done');
  });

  it('reads an XLSX sheet the admin chooses, dates as dates, formulas by their value', async () => {
    const x = await importProject(t);
    const bytes = await xlsx({
      Справка: [['Список клиентов на 1 марта']],
      Клиенты: [
        ['Name', 'Last name', 'Amount', 'Stage', 'Записан'],
        ['Ivan', 'Petrov', 1500, 'Новые', new Date(Date.UTC(2026, 2, 1))],
        ['Olga', 'Sidorova', { formula: '2*50', result: 100 }, 'В работе', null],
      ],
    });
    const uploaded = await upload(t.app, x.projectId, x.p.admin.token, 'list.xlsx', bytes);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    let imp = uploaded.body.response as ClientImport;
    expect(imp.sheets).toEqual(['Справка', 'Клиенты']);
    // The first sheet with rows under its header is read; another can be chosen.
    expect(imp.sheet).toBe('Клиенты');
    imp = await x.ok(E.update, imp.id, { sheet: 'Клиенты' });
    expect(imp.columns.map((c) => [c.title, c.mapping?.target ?? null])).toEqual([
      ['Name', 'name'],
      ['Last name', 'last_name'],
      ['Amount', 'amount'],
      ['Stage', 'category'],
      ['Записан', null],
    ]);
    expect(imp.columns[4]!.samples).toEqual(['01.03.2026', '']);
    expect(imp.columns[2]!.samples).toEqual(['1500', '100']);
    await x.ok(E.check, imp.id);
    await work(t);
    expect((await x.get(imp.id)).checked).toEqual({ new: 2, update: 0, duplicate: 0, errors: 0 });
    await x.ok(E.run, imp.id);
    await work(t);
    const olga = await t.db
      .selectFrom('clients')
      .selectAll()
      .where('project_id', '=', x.projectId)
      .where('name', '=', 'Olga')
      .executeTakeFirstOrThrow();
    expect(olga).toMatchObject({ amount: 100, category_id: x.work.id });
  });

  it('refuses files that are no client list, writing nothing', async () => {
    const x = await importProject(t);
    const refused = async (name: string, bytes: Buffer | Readable, status = 422) => {
      const res = await upload(t.app, x.projectId, x.p.admin.token, name, bytes);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
      return res.body.message as string;
    };
    expect(await refused('empty.csv', Buffer.alloc(0))).toBe('Файл пуст: в нём нет ни одной строки');
    expect(await refused('header.csv', Buffer.from('Имя;Фамилия\r\n'))).toBe(
      'В файле только строка заголовков: добавьте строки с клиентами',
    );
    expect(await refused('binary.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]))).toContain(
      'двоичные данные',
    );
    expect(await refused('old.xls', Buffer.from('x'))).toContain('старого формата .xls');
    expect(await refused('notes.pdf', Buffer.from('x'))).toBe('Загрузите таблицу в формате .csv или .xlsx');
    expect(await refused('fake.xlsx', Buffer.from('Имя;Фамилия\nА;Б\n'))).toContain('не похож на XLSX');
    expect(await refused('bomb.xlsx', zipOfZeros('xl/worksheets/sheet1.xml', 60 * 1024 * 1024))).toContain(
      'слишком большой объём',
    );
    const wide = await xlsx({ Лист: [Array.from({ length: 16_384 }, (_, i) => `c${i}`), ['a']] });
    expect(await refused('wide.xlsx', wide)).toContain('столбцов');
    // Past the limit: streamed, refused with 413, never held whole.
    const big = Readable.from(
      (function* () {
        const line = Buffer.from('Анна;Иванова;Новые\n'.repeat(5000));
        for (let sent = 0; sent <= IMPORT_FILE_MAX_BYTES; sent += line.length) yield line;
      })(),
    );
    expect(await refused('big.csv', big, 413)).toBe(
      'Файл больше 250 МБ: разделите его на несколько и загрузите по очереди',
    );
    const left = await t.db
      .selectFrom('client_imports')
      .select('id')
      .where('project_id', '=', x.projectId)
      .execute();
    expect(left).toEqual([]);
    // No file was kept for a refused upload: every stored piece belongs to an import there is.
    const kept = new Set((await t.db.selectFrom('client_imports').select('id').execute()).map((r) => r.id));
    const chunks = await t.db.selectFrom('client_import_chunks').select('import_id').distinct().execute();
    expect(chunks.filter((c) => !kept.has(c.import_id))).toEqual([]);
  });

  it('is for admins only, and only in their project', async () => {
    const x = await importProject(t);
    const other = await importProject(t, 'Чужой');
    const csv = Buffer.from('Имя;Фамилия\nАнна;Иванова\n');
    expect((await upload(t.app, x.projectId, x.p.manager.token, 'a.csv', csv)).status).toBe(403);
    expect((await upload(t.app, x.projectId, null, 'a.csv', csv)).status).toBe(401);
    const imp = (await upload(t.app, x.projectId, x.p.admin.token, 'a.csv', csv)).body
      .response as ClientImport;
    for (const endpoint of [E.get, E.check, E.run, E.undo, E.cancel]) {
      expect((await x.act(endpoint, imp.id, undefined, x.p.manager.token)).status, endpoint.path).toBe(403);
    }
    // Another project's admin: its import is not there for him, through his own project either.
    expect((await other.act(E.get, imp.id)).status).toBe(404);
    const theirs = await call(t.app, 'GET', urlOf(E.get, { projectId: x.projectId, importId: imp.id }), {
      token: other.p.admin.token,
    });
    expect(theirs.status).toBe(404);
    const list = await call(t.app, 'GET', urlOf(E.list, { projectId: other.projectId }), {
      token: other.p.admin.token,
    });
    expect(list.body.response).toEqual([]);
    // Another project's category or member in the choices: refused on the field.
    const foreign = await x.act(E.update, imp.id, { default_category_id: other.fresh.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.default_category_id).toEqual(['Категория клиентов не найдена']);
    const stranger = await x.act(E.update, imp.id, { default_manager_id: other.p.manager.id });
    expect(stranger.body.errors.default_manager_id).toEqual(['Участник проекта не найден']);
  });

  it('rows naming another project’s stage or member are row errors', async () => {
    const x = await importProject(t);
    const other = await importProject(t, 'Чужой');
    const csv = `Имя;Фамилия;Категория;Менеджер\nАнна;Иванова;Новые;${other.p.manager.email}\n`;
    await call(t.app, 'PUT', other.p.urls.category(other.work.id), {
      token: other.p.admin.token,
      body: { name: 'Только у них' },
    });
    const imp = (
      await upload(
        t.app,
        x.projectId,
        x.p.admin.token,
        'a.csv',
        Buffer.from(csv + 'Борис;Петров;Только у них;\n'),
      )
    ).body.response as ClientImport;
    await x.ok(E.check, imp.id);
    await work(t);
    expect((await x.get(imp.id)).errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Менеджер'],
      [3, 'Категория'],
    ]);
  });

  it('goes on after a crash from its last committed batch, and a cancel keeps whole batches', async () => {
    const x = await importProject(t);
    const rows = Array.from({ length: 1200 }, (_, i) => `Клиент${i};Номер${i};Новые`);
    const csv = Buffer.from(['Имя;Фамилия;Категория', ...rows].join('\n'));
    const imp = (await upload(t.app, x.projectId, x.p.admin.token, 'many.csv', csv)).body
      .response as ClientImport;
    await x.ok(E.check, imp.id);
    await work(t);
    await x.ok(E.run, imp.id);
    // A worker of this machine wrote the first batches (rows 2–501) and died: its lease has time
    // left, its process is gone.
    const dead = newHolderId().replace(/:(\d+):/, ':999999999:');
    await t.db
      .updateTable('client_imports')
      .set({
        status: 'running',
        position: 501,
        done: JSON.stringify({ new: 500, update: 0, duplicate: 0, errors: 0 }),
        locked_by: dead,
        locked_until: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      })
      .where('id', '=', imp.id)
      .execute();
    await work(t);
    const done = await x.get(imp.id);
    expect(done).toMatchObject({ status: 'done', done: { new: 1200, update: 0, duplicate: 0, errors: 0 } });
    // Only the rows after the committed batch were written by the new worker.
    const names = await t.db
      .selectFrom('clients')
      .select('name')
      .where('project_id', '=', x.projectId)
      .execute();
    expect(names).toHaveLength(700);
    expect(names.some((n) => n.name === 'Клиент499')).toBe(false);
    expect(names.some((n) => n.name === 'Клиент500')).toBe(true);

    // A cancelled run: the batch under way is written whole, nothing after it.
    const batch = importBatchRows(t.deps.dialect);
    const again = (await upload(t.app, x.projectId, x.p.admin.token, 'again.csv', csv)).body
      .response as ClientImport;
    await x.ok(E.update, again.id, { duplicates: 'create' });
    await x.ok(E.check, again.id);
    await work(t);
    await x.ok(E.run, again.id);
    await t.db
      .updateTable('client_imports')
      .set({ status: 'cancelling' })
      .where('id', '=', again.id)
      .execute();
    await work(t);
    const cancelled = await x.get(again.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', done: { new: batch }, can_undo: true });
    await x.ok(E.undo, again.id);
    await work(t);
    expect(
      await t.db.selectFrom('clients').select('id').where('project_id', '=', x.projectId).execute(),
    ).toHaveLength(700);
  });

  it('runs one import of a project at a time: the second waits', async () => {
    const x = await importProject(t);
    const make = async (name: string) => {
      const imp = (
        await upload(
          t.app,
          x.projectId,
          x.p.admin.token,
          `${name}.csv`,
          Buffer.from(`Имя;Фамилия;Категория\n${name};Тест;Новые\n`),
        )
      ).body.response as ClientImport;
      await x.ok(E.check, imp.id);
      return imp;
    };
    const [a, b] = [await make('Первый'), await make('Второй')];
    await work(t);
    await x.ok(E.run, a.id);
    await x.ok(E.run, b.id);
    // The pass takes the first; the second stays queued while the first runs.
    await t.db
      .updateTable('client_imports')
      .set({ status: 'running', locked_by: 'elsewhere', locked_until: '9999-01-01T00:00:00.000Z' })
      .where('id', '=', a.id)
      .execute();
    await work(t);
    expect((await x.get(b.id)).status).toBe('queued');
    await t.db
      .updateTable('client_imports')
      .set({ locked_by: null, locked_until: null })
      .where('id', '=', a.id)
      .execute();
    await work(t);
    expect((await x.get(a.id)).status).toBe('done');
    await work(t);
    expect((await x.get(b.id)).status).toBe('done');
  });
});
