// Fills a fresh, migrated database with one project of many clients for the search benchmark:
// eight categories, an admin and five managers, a form (phone, city, notes, a searchable
// select), values for most clients and notes where the notes table exists. The people and the
// form go through the API; the clients are inserted directly, in batches, with the same folded
// search columns the server writes.
import {
  clientCategoriesEndpoints,
  clientFormEndpoints,
  DEFAULT_PHONE_COUNTRY,
  type FormGroup,
  type FormFieldType,
} from '@crm/contract';
import type { App } from '../apps/server/src/app.js';
import { storedContactKey } from '../apps/server/src/clients/duplicates/contact-keys.js';
import { clientSearchText, foldText } from '../apps/server/src/clients/search/search.text.js';
import type { Db } from '../apps/server/src/db/database.js';
import type { Clock } from '../apps/server/src/lib/clock.js';
import { callEndpoint, registerOwner } from '../apps/server/src/test/api.js';
import { joinAs } from '../apps/server/src/test/members.js';

const MALE = [
  'Александр',
  'Дмитрий',
  'Максим',
  'Сергей',
  'Андрей',
  'Алексей',
  'Артём',
  'Илья',
  'Кирилл',
  'Михаил',
  'Никита',
  'Матвей',
  'Роман',
  'Егор',
  'Иван',
  'Владимир',
  'Павел',
  'Владислав',
  'Тимур',
  'Олег',
];
const FEMALE = [
  'Анастасия',
  'Мария',
  'Анна',
  'Виктория',
  'Екатерина',
  'Наталья',
  'Марина',
  'Полина',
  'Алёна',
  'Дарья',
  'Елена',
  'Ольга',
  'Юлия',
  'Ксения',
  'Татьяна',
  'Светлана',
  'Ирина',
  'Вероника',
  'Алиса',
  'Ульяна',
];
const LAST = [
  'Иванов',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Васильев',
  'Петров',
  'Соколов',
  'Михайлов',
  'Новиков',
  'Фёдоров',
  'Морозов',
  'Волков',
  'Алексеев',
  'Лебедев',
  'Семёнов',
  'Егоров',
  'Павлов',
  'Козлов',
  'Степанов',
  'Николаев',
  'Орлов',
  'Андреев',
  'Макаров',
  'Никитин',
  'Захаров',
  'Зайцев',
  'Соловьёв',
  'Борисов',
  'Яковлев',
  'Григорьев',
];
const LATIN = [
  ['John', 'Smith'],
  ['Anna', 'Miller'],
  ['David', 'Brown'],
  ['Maria', 'Garcia'],
  ['Peter', 'Wilson'],
] as const;
const CITIES = [
  'Москва',
  'Санкт-Петербург',
  'Новосибирск',
  'Екатеринбург',
  'Казань',
  'Нижний Новгород',
  'Челябинск',
  'Самара',
  'Омск',
  'Ростов-на-Дону',
  'Уфа',
  'Красноярск',
  'Воронеж',
  'Пермь',
  'Волгоград',
];
const NOTES = [
  'Перезвонить после обеда',
  'Интересуется оптовыми ценами',
  'Просил прислать коммерческое предложение',
  'Нужна доставка в регион',
  'Сравнивает с конкурентами',
  'Готов к встрече на следующей неделе',
  'Оплата по безналу',
  'Пришёл по рекомендации',
];
const CATEGORIES = [
  'Новые',
  'Первый контакт',
  'Квалификация',
  'Презентация',
  'Переговоры',
  'Счёт выставлен',
  'Оплачено',
  // Not 'Отказ': a project starts with its own 'Успех' and 'Отказ' (issue 30).
  'Не целевой',
];

/** The same numbers every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export type SeededProject = {
  projectId: number;
  admin: { token: string; id: number };
  manager: { token: string; id: number };
  categoryIds: number[];
  /** The searchable select and its options. */
  select: { id: number; optionIds: number[] };
  /** The phone field, and the number of one seeded client (the duplicate check looks it up). */
  phone: { id: number; taken: string };
  clients: number;
};

const BATCH = 500;

export async function seedClients(
  t: { app: App; db: Db; clock: Clock },
  count: number,
  log: (line: string) => void,
): Promise<SeededProject> {
  const owner = await registerOwner(t.app, 'Бенчмарк');
  const { projectId } = owner;
  const admin = await joinAs(t, projectId, 'admin', 'Анна Админова');
  const managers = [];
  for (let i = 1; i <= 5; i += 1) managers.push(await joinAs(t, projectId, 'manager', `Менеджер ${i}`));
  const owners = [admin.id, ...managers.map((m) => m.id)];

  const categoryIds: number[] = [];
  for (const name of CATEGORIES) {
    const res = await callEndpoint(t.app, clientCategoriesEndpoints.create, {
      params: { projectId },
      token: admin.token,
      body: { name },
    });
    if (res.status !== 201) throw new Error(`category: ${JSON.stringify(res.body)}`);
    categoryIds.push(res.body.response.id as number);
  }
  const field = (
    type: FormFieldType,
    name: string,
    extra: { is_searchable?: boolean; options?: { name: string }[] } = {},
  ) => ({ type, name, ...extra });
  const saved = await callEndpoint(t.app, clientFormEndpoints.save, {
    params: { projectId },
    token: admin.token,
    body: {
      groups: [
        {
          title: 'Контакты',
          fields: [
            field('phone_number', 'Телефон'),
            field('text', 'Город'),
            field('textarea', 'Комментарий'),
            field('select', 'Источник', {
              is_searchable: true,
              options: ['Сайт', 'Реклама', 'Рекомендация', 'Выставка'].map((name) => ({ name })),
            }),
          ],
        },
      ],
    },
  });
  if (saved.status !== 200) throw new Error(`form: ${JSON.stringify(saved.body)}`);
  const fields = (saved.body.response as FormGroup[]).flatMap((g) => g.fields);
  const fieldOf = (type: FormFieldType) => fields.find((f) => f.type === type)!;
  const select = fieldOf('select');
  let taken: string | null = null;
  const optionIds = select.options.map((o) => o.id);

  const hasNotes = (await t.db.introspection.getTables()).some((table) => table.name === 'client_notes');
  const next = random(20261123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const start = Date.parse('2024-11-23T00:00:00Z');
  const step = (2 * 365 * 24 * 3600 * 1000) / count;
  const started = Date.now();

  for (let from = 0; from < count; from += BATCH * 20) {
    // One transaction per 10 000 clients; statements of 500 rows.
    await t.db.transaction().execute(async (trx) => {
      for (let batchStart = from; batchStart < Math.min(count, from + BATCH * 20); batchStart += BATCH) {
        const size = Math.min(BATCH, count - batchStart);
        const people = Array.from({ length: size }, (_, k) => {
          const i = batchStart + k;
          let name: string;
          let lastName: string;
          if (next() < 0.05) {
            [name, lastName] = pick(LATIN);
          } else if (next() < 0.5) {
            name = pick(MALE);
            lastName = pick(LAST);
          } else {
            name = pick(FEMALE);
            lastName = `${pick(LAST)}а`;
          }
          const values: { field_id: number; type: FormFieldType; value: string }[] = [];
          if (next() < 0.8) {
            // +7 93… to +7 99…: bench:import's files use +7 91… and +7 92…, all new.
            const phone = `79${300_000_000 + Math.floor(next() * 7e8)}`;
            taken ??= phone;
            values.push({ field_id: fieldOf('phone_number').id, type: 'phone_number', value: phone });
          }
          if (next() < 0.5) values.push({ field_id: fieldOf('text').id, type: 'text', value: pick(CITIES) });
          if (next() < 0.2)
            values.push({ field_id: fieldOf('textarea').id, type: 'textarea', value: pick(NOTES) });
          if (next() < 0.6)
            values.push({ field_id: select.id, type: 'select', value: String(pick(optionIds)) });
          const at = new Date(start + i * step).toISOString();
          return {
            row: {
              project_id: projectId,
              manager_id: pick(owners),
              category_id: categoryIds[i % categoryIds.length]!,
              name,
              last_name: lastName,
              amount: Math.floor(next() * 1000) * 1000,
              traffic: next() < 0.3 ? 1 : 0,
              category_entered_at: at,
              created_at: at,
              updated_at: at,
              name_key: foldText(name),
              last_name_key: foldText(lastName),
              search_text: clientSearchText({ name, last_name: lastName }, values),
            },
            values,
            at,
          };
        });
        const ids = await trx
          .insertInto('clients')
          .values(people.map((p) => p.row))
          .returning('id')
          .execute();
        const values = people.flatMap((p, k) =>
          p.values.map((v) => ({
            project_id: projectId,
            client_id: ids[k]!.id,
            field_id: v.field_id,
            value: v.value,
          })),
        );
        if (values.length > 0) await trx.insertInto('client_field_values').values(values).execute();
        // The duplicate keys the server writes with the values (clients/duplicates; the project made
        // through the API has the default phone country).
        const contacts = people.flatMap((p, k) =>
          p.values.flatMap((v) => {
            const key =
              v.type === 'phone_number' ? storedContactKey(v.type, v.value, DEFAULT_PHONE_COUNTRY) : null;
            return key ? [{ project_id: projectId, client_id: ids[k]!.id, field_id: v.field_id, key }] : [];
          }),
        );
        if (contacts.length > 0) await trx.insertInto('client_contacts').values(contacts).execute();
        if (hasNotes) {
          const notes = people.flatMap((p, k) =>
            next() < 0.3
              ? [
                  {
                    project_id: projectId,
                    client_id: ids[k]!.id,
                    author_id: p.row.manager_id,
                    note: pick(NOTES),
                    created_at: p.at,
                  },
                ]
              : [],
          );
          // The notes table belongs to the notes feature: written untyped, as its migration made it.
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          if (notes.length > 0) await (trx as any).insertInto('client_notes').values(notes).execute();
        }
      }
    });
    const done = Math.min(count, from + BATCH * 20);
    if (done % 100_000 === 0 || done === count)
      log(`  ${done.toLocaleString('ru-RU')} clients (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  return {
    projectId,
    admin: { token: admin.token, id: admin.id },
    manager: { token: managers[0]!.token, id: managers[0]!.id },
    categoryIds,
    select: { id: select.id, optionIds },
    phone: { id: fieldOf('phone_number').id, taken: taken ?? '' },
    clients: count,
  };
}
