import type { AppDeps } from '../../deps.js';
import './form.tables.js';

/**
 * The client form: two groups with one field of every type (the source is a searchable select);
 * every third client has a phone, a source and sometimes a city and a link.
 */
export async function seedFormDemo(
  db: AppDeps['db'],
  projectId: number,
  now: string,
  clientIds: number[],
  next: () => number,
) {
  const group = (title: string, position: number) =>
    db
      .insertInto('client_form_groups')
      .values({ project_id: projectId, title, position, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  const contacts = await group('Контакты', 0);
  const about = await group('О клиенте', 1);
  const fieldRows = await db
    .insertInto('client_form_fields')
    .values(
      (
        [
          [contacts.id, 'phone_number', 'Телефон', '79001234567', 1, 0, 50],
          [contacts.id, 'social_network', 'Instagram или Facebook', 'https://www.instagram.com/…', 0, 0, 50],
          [contacts.id, 'text', 'Город', '', 0, 0, 100],
          [about.id, 'select', 'Источник', 'Откуда пришёл клиент', 0, 1, 50],
          [about.id, 'textarea', 'Заметки', '', 0, 0, 100],
        ] as const
      ).map(([groupId, type, name, placeholder, required, searchable, size], i) => ({
        project_id: projectId,
        group_id: groupId,
        type,
        name,
        placeholder,
        required,
        is_searchable: searchable,
        size_percentage: size,
        position: groupId === contacts.id ? i : i - 3,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'type'])
    .execute();
  const fieldOf = (type: string) => fieldRows.find((f) => f.type === type)?.id ?? 0;
  const options = await db
    .insertInto('client_form_field_options')
    .values(
      ['Сайт', 'Реклама', 'Рекомендация', 'Выставка'].map((name, position) => ({
        project_id: projectId,
        field_id: fieldOf('select'),
        name,
        position,
      })),
    )
    .returning('id')
    .execute();
  const cities = ['Москва', 'Казань', 'Новосибирск', 'Екатеринбург'];
  const values = clientIds
    .filter((_, i) => i % 3 === 0)
    .flatMap((clientId) => {
      const value = (type: string, v: string) => ({
        project_id: projectId,
        client_id: clientId,
        field_id: fieldOf(type),
        value: v,
      });
      const phone = `79${String(Math.floor(next() * 1e9)).padStart(9, '0')}`;
      const option = options[Math.floor(next() * options.length)]?.id ?? 0;
      return [
        value('phone_number', phone),
        value('select', String(option)),
        ...(next() < 0.5 ? [value('text', cities[Math.floor(next() * cities.length)] ?? 'Москва')] : []),
        ...(next() < 0.3 ? [value('social_network', `https://www.instagram.com/client${clientId}`)] : []),
      ];
    });
  // One pair shares a number, as a client who called twice: the 'Дубли' view has a duplicate to
  // show (docs/product.md, "Duplicates").
  const phones = values.filter((v) => v.field_id === fieldOf('phone_number'));
  if (phones[0] && phones[1]) phones[1].value = phones[0].value;
  if (values.length > 0) await db.insertInto('client_field_values').values(values).execute();
}
