import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsEndpoints, type ClientExportQuery, type FormGroup } from '@crm/contract';
import { call, urlOf } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { refreshClientSearch } from '../search/search.repository.js';

type Project = Awaited<ReturnType<typeof pipelineProject>>;

const HEADER = ['ID', 'Имя', 'Фамилия', 'Категория', 'Менеджер', 'Сумма', 'Траффик', 'Создан'];

/** A project with a phone, a text and a searchable select, and three clients of two managers. */
async function exportProject(t: TestApp) {
  const p = await pipelineProject(t);
  const fresh = await p.addCategory({ name: 'Новые' });
  const work = await p.addCategory({ name: 'В работе' });
  const saved = await call(t.app, 'PUT', p.urls.form, {
    token: p.admin.token,
    body: {
      groups: [
        {
          title: 'Контакты',
          fields: [
            { type: 'phone_number', name: 'Телефон' },
            { type: 'textarea', name: 'Адрес' },
            {
              type: 'select',
              name: 'Источник',
              is_searchable: true,
              options: [{ name: 'Сайт' }, { name: 'Реклама' }],
            },
          ],
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const [phone, address, source] = (saved.body.response as FormGroup[])[0]!.fields;
  const [site, ad] = source!.options;
  // Created at a known moment: 2026-03-01 09:30 UTC is 12:30 in Moscow, the project's zone.
  t.clock.set('2026-03-01T09:30:00Z');
  const ivan = await p.addClient(p.manager.token, {
    name: 'Иван',
    last_name: '=HYPERLINK("http://evil")',
    amount: 1500,
    traffic: true,
    category_id: fresh.id,
    fields: [
      { field_id: phone!.id, value: '+380 50 123 45 67' },
      { field_id: address!.id, value: 'Киев;\nул. "Крещатик", 1' },
      { field_id: source!.id, value: String(site!.id) },
    ],
  });
  t.clock.advance(60_000);
  const olga = await p.addClient(p.manager.token, {
    name: 'Ольга',
    last_name: 'Сидорова',
    category_id: work.id,
    fields: [{ field_id: source!.id, value: String(ad!.id) }],
  });
  t.clock.set('2026-03-05T12:00:00Z');
  const petr = await p.addClient(p.second.token, {
    name: 'Пётр',
    last_name: 'Второв',
    category_id: fresh.id,
  });
  const exportAs = (token: string | null, query: ClientExportQuery = {}) =>
    call(t.app, 'GET', exportUrl(p, query), { token });
  return { p, fresh, work, source: source!, site: site!, ad: ad!, ivan, olga, petr, exportAs };
}

const exportUrl = (p: Project, query: ClientExportQuery) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return `${urlOf(clientsEndpoints.export, { projectId: p.owner.projectId })}?${search}`;
};

/** The file as a spreadsheet reads it: CSV by a Russian Excel's rules, XLSX by its cells. */
const csvRows = (body: string): string[][] => {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
};

async function xlsxRows(t: TestApp, url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { res, sheet, rows };
}

describe('the client export (docs/product.md §4.8 "Export")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('writes every column and field as an XLSX: text never a formula, dates as dates, newest first', async () => {
    const x = await exportProject(t);
    const { res, sheet, rows } = await xlsxRows(t, exportUrl(x.p, {}), x.p.admin.token);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=".+\.xlsx"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1]!)).toMatch(
      /^Клиенты \d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    expect(sheet.name).toBe('Клиенты');
    expect(rows[0]).toEqual([...HEADER, 'Телефон', 'Адрес', 'Источник']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([x.petr.id, x.olga.id, x.ivan.id]);
    const ivan = rows[3]!;
    expect(ivan.slice(0, 7)).toEqual([
      x.ivan.id,
      'Иван',
      '=HYPERLINK("http://evil")',
      'Новые',
      'Мария Менеджерова',
      1500,
      'Да',
    ]);
    // The project's wall clock (Moscow, UTC+3) as a date cell.
    expect(ivan[7]).toEqual(new Date('2026-03-01T12:30:00Z'));
    expect(sheet.getRow(4).getCell(8).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(ivan.slice(8)).toEqual(['+380 50 123 4567', 'Киев;\nул. "Крещатик", 1', 'Сайт']);
    // A formula-looking name is a text cell: nothing in the file runs.
    expect(sheet.getRow(4).getCell(3).type).toBe(ExcelJS.ValueType.String);
    // Olga has no phone or address: those cells are empty.
    expect(rows[2]).toEqual([
      x.olga.id,
      'Ольга',
      'Сидорова',
      'В работе',
      'Мария Менеджерова',
      0,
      'Нет',
      new Date('2026-03-01T12:31:00Z'),
      undefined,
      undefined,
      'Реклама',
    ]);
  });

  it('writes a CSV a Russian Excel opens as columns, a formula neutralised', async () => {
    const x = await exportProject(t);
    const res = await x.exportAs(x.p.admin.token, { format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.body)).toContain('\r\n');
    const rows = csvRows(String(res.body));
    expect(rows[0]).toEqual([...HEADER, 'Телефон', 'Адрес', 'Источник']);
    expect(rows[3]).toEqual([
      String(x.ivan.id),
      'Иван',
      `'=HYPERLINK("http://evil")`,
      'Новые',
      'Мария Менеджерова',
      '1500',
      'Да',
      '01.03.2026 12:30',
      `'+380 50 123 4567`,
      'Киев;\nул. "Крещатик", 1',
      'Сайт',
    ]);
    expect(rows).toHaveLength(4);
  });

  it('exports the list as filtered: stage, words, traffic, option, manager, days, order', async () => {
    const x = await exportProject(t);
    const ids = async (query: ClientExportQuery) => {
      const res = await x.exportAs(x.p.admin.token, { ...query, format: 'csv' });
      expect(res.status, String(res.body)).toBe(200);
      return csvRows(String(res.body))
        .slice(1)
        .map((r) => Number(r[0]));
    };
    expect(await ids({ category_id: x.fresh.id })).toEqual([x.petr.id, x.ivan.id]);
    expect(await ids({ search: 'сидор' })).toEqual([x.olga.id]);
    expect(await ids({ search: '050 123' })).toEqual([x.ivan.id]);
    expect(await ids({ traffic: '1' })).toEqual([x.ivan.id]);
    expect(await ids({ traffic: '0' })).toEqual([x.petr.id, x.olga.id]);
    expect(await ids({ select_id: x.source.id, option_id: x.ad.id })).toEqual([x.olga.id]);
    expect(await ids({ manager_id: x.p.second.id })).toEqual([x.petr.id]);
    expect(await ids({ from: '2026-03-02' })).toEqual([x.petr.id]);
    expect(await ids({ to: '2026-03-01' })).toEqual([x.olga.id, x.ivan.id]);
    expect(await ids({ order: 'name', direction: 'asc' })).toEqual([x.ivan.id, x.olga.id, x.petr.id]);
    expect(await ids({ order: 'amount', direction: 'desc' })).toEqual([x.ivan.id, x.petr.id, x.olga.id]);
  });

  it('exports only the chosen clients, in the list order, each in reach or refused by number', async () => {
    const x = await exportProject(t);
    const ids = async (token: string, query: ClientExportQuery) => {
      const res = await x.exportAs(token, { ...query, format: 'csv' });
      expect(res.status, String(res.body)).toBe(200);
      return csvRows(String(res.body))
        .slice(1)
        .map((r) => Number(r[0]));
    };
    const chosen = `${x.ivan.id},${x.petr.id},${x.ivan.id}`;
    expect(await ids(x.p.admin.token, { ids: chosen })).toEqual([x.petr.id, x.ivan.id]);
    expect(await ids(x.p.admin.token, { ids: chosen, order: 'name', direction: 'asc' })).toEqual([
      x.ivan.id,
      x.petr.id,
    ]);
    // The filters still apply: a chosen client the filters leave out is not in the file.
    expect(await ids(x.p.admin.token, { ids: chosen, manager_id: x.p.second.id })).toEqual([x.petr.id]);
    expect(await ids(x.p.manager.token, { ids: `${x.olga.id}` })).toEqual([x.olga.id]);
    // Another manager's client, or another project's, refuses the whole file, naming it.
    const foreign = await x.exportAs(x.p.manager.token, { ids: `${x.olga.id},${x.petr.id}` });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.ids).toEqual([
      `Действие не выполнено: клиенты ${x.petr.id} не найдены или недоступны вам`,
    ]);
    const other = await pipelineProject(t, 'Чужой для выгрузки');
    const theirs = await other.addCategory({ name: 'Их' });
    const stranger = await other.addClient(other.admin.token, {
      name: 'Чужой',
      last_name: 'Клиент',
      category_id: theirs.id,
    });
    const elsewhere = await x.exportAs(x.p.admin.token, { ids: `${x.ivan.id},${stranger.id}` });
    expect(elsewhere.status).toBe(422);
    const bad = await x.exportAs(x.p.admin.token, { ids: '1,,2' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.ids).toEqual(['Выбранные клиенты: номера через запятую']);
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    const tooMany = await x.exportAs(x.p.admin.token, { ids: many });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.ids).toEqual([
      'Выгрузить можно не более 1000 выбранных клиентов; выберите «все по фильтру»',
    ]);
  });

  it('reads every client past many batches, in order, each once', async () => {
    const p = await pipelineProject(t);
    const category = await p.addCategory({ name: 'Новые' });
    const now = '2026-03-01T10:00:00.000Z';
    const made = 2345;
    const rows = Array.from({ length: made }, (_, i) => ({
      project_id: p.owner.projectId,
      manager_id: p.manager.id,
      category_id: category.id,
      // Names and moments repeat, so the id must break the ties between batches.
      name: `Клиент ${i % 7}`,
      last_name: 'Тестов',
      amount: i % 3,
      traffic: 0,
      category_entered_at: now,
      created_at: i % 2 === 0 ? now : '2026-03-02T10:00:00.000Z',
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('clients')
        .values(rows.slice(i, i + 500))
        .execute();
    const inserted = await t.db
      .selectFrom('clients')
      .select('id')
      .where('project_id', '=', p.owner.projectId)
      .execute();
    await refreshClientSearch(
      t.db,
      inserted.map((r) => r.id),
    );
    for (const query of [
      {},
      { order: 'name', direction: 'asc' },
      { order: 'amount', direction: 'desc' },
    ] as ClientExportQuery[]) {
      const res = await call(t.app, 'GET', exportUrl(p, { ...query, format: 'csv' }), {
        token: p.admin.token,
      });
      const got = csvRows(String(res.body)).slice(1);
      expect(got).toHaveLength(made);
      expect(new Set(got.map((r) => r[0])).size).toBe(made);
      const key = (r: string[]) =>
        query.order === 'name'
          ? r[1]!
          : query.order === 'amount'
            ? Number(r[5])
            : r[7]!.split(' ')[0]!.split('.').reverse().join('');
      const sign = query.direction === 'asc' ? 1 : -1;
      for (let i = 1; i < got.length; i += 1) {
        const [a, b] = [key(got[i - 1]!), key(got[i]!)];
        const byKey = a < b ? -1 : a > b ? 1 : 0;
        const order = byKey !== 0 ? sign * byKey : sign * (Number(got[i - 1]![0]) - Number(got[i]![0]));
        expect(order, `row ${i}`).toBeLessThan(0);
      }
    }
  });

  it('gives a manager only his own clients, whatever he asks', async () => {
    const x = await exportProject(t);
    for (const query of [{}, { manager_id: x.p.second.id }, { search: 'Пётр' }] as ClientExportQuery[]) {
      const res = await x.exportAs(x.p.manager.token, { ...query, format: 'csv' });
      expect(res.status).toBe(200);
      const ids = csvRows(String(res.body))
        .slice(1)
        .map((r) => Number(r[0]));
      expect(
        ids.every((id) => id === x.ivan.id || id === x.olga.id),
        JSON.stringify(query),
      ).toBe(true);
    }
    const mine = await x.exportAs(x.p.second.token, { format: 'csv' });
    expect(
      csvRows(String(mine.body))
        .slice(1)
        .map((r) => Number(r[0])),
    ).toEqual([x.petr.id]);
  });

  it('refuses the anonymous, another project, and bad filters, as JSON', async () => {
    const x = await exportProject(t);
    expect((await x.exportAs(null)).status).toBe(401);
    const other = await pipelineProject(t, 'Чужой');
    const foreign = await x.exportAs(other.admin.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.success).toBe(false);
    const format = await x.exportAs(x.p.admin.token, { format: 'pdf' as 'csv' });
    expect(format.status).toBe(422);
    expect(format.body.errors.format).toEqual(['Выберите формат: xlsx или csv']);
    const days = await x.exportAs(x.p.admin.token, { from: '2026-03-05', to: '2026-03-01' });
    expect(days.status).toBe(422);
    expect(days.body.errors.to).toEqual(['Дата «по» не может быть раньше даты «с»']);
    const option = await x.exportAs(x.p.admin.token, { select_id: x.source.id, option_id: 999999 });
    expect(option.status).toBe(422);
    expect(option.body.errors.option_id).toEqual(['Вариант не найден']);
  });
});
