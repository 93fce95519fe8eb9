import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhoneCountry } from '@crm/contract';
import { call } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { projectWithContacts } from '../duplicates/duplicates.fixtures.js';
import { normalizePhone, storedPhone } from './phone-numbers.js';

/**
 * The project's phone country decides how a number written without its country code is read
 * (docs/decisions.md, "A project's phone country"): on save, in the duplicate check, in the
 * import (import.test.ts).
 */
describe("a number without its country code is one of the project's country", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const withCountry = async (country: PhoneCountry | null) => {
    const x = await projectWithContacts(t);
    if (country) {
      const put = await call(t.app, 'PUT', `/api/v1/projects/${x.p.owner.projectId}`, {
        token: x.p.owner.token,
        body: { phone_country: country },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
    const stored = async (id: number) =>
      (await call(t.app, 'GET', x.p.urls.client(id), { token: x.p.admin.token })).body.response.fields as {
        field_id: number;
        value: string;
      }[];
    const post = (value: string, name = 'Иван') =>
      call(t.app, 'POST', x.p.urls.clients, {
        token: x.p.admin.token,
        body: {
          name,
          last_name: 'Телефонов',
          category_id: x.category.id,
          fields: [{ field_id: x.fields.phone, value }],
        },
      });
    return { ...x, stored, post };
  };

  it("reads the written forms by the country's trunk prefix, and a '+' as international", () => {
    const read = (value: string, country: PhoneCountry) => {
      const phone = normalizePhone(value, country);
      return 'digits' in phone ? phone.digits : null;
    };
    expect(read('8 (999) 123-45-67', 'RU')).toBe('79991234567');
    expect(read('8 999 123 45 67', 'RU')).toBe('79991234567');
    expect(read('+7 999 123 45 67', 'RU')).toBe('79991234567');
    expect(read('79991234567', 'RU')).toBe('79991234567');
    // Moscow's trunk-prefixed number, not the Vietnamese one its digits also spell.
    expect(read('8 (495) 123-45-67', 'RU')).toBe('74951234567');
    expect(read('+84 95 123 4567', 'RU')).toBe('84951234567');
    expect(read('84951234567', 'UA')).toBe('84951234567');
    // A picker's international digits stay international in any country.
    expect(read('380501234567', 'RU')).toBe('380501234567');
    expect(read('375291234567', 'UA')).toBe('375291234567');
    // A Belgian '32 2 123 45 67' from the picker is also a valid Russian '322 123-45-67': no prefix, no guess.
    expect(read('3221234567', 'RU')).toBe('3221234567');
    // The country's own trunk prefix only.
    expect(read('050 123 45 67', 'UA')).toBe('380501234567');
    expect(read('050 123 45 67', 'RU')).toBeNull();
    expect(read('8 (999) 123-45-67', 'UA')).toBeNull();
    expect(read('8 029 123 45 67', 'BY')).toBe('375291234567');
    expect(read('0612 34 56 78', 'NL')).toBe('31612345678');
    // A stored value is the international number: its country never changes it.
    expect(storedPhone('84951234567', 'RU')).toBe('84951234567');
    expect(storedPhone('380501234567', 'RU')).toBe('380501234567');
  });

  it("a Russian project takes '8 (999) 123-45-67' as +7 999 123-45-67; a Ukrainian one '050 123 45 67' as +380", async () => {
    const ru = await withCountry('RU');
    const created = await ru.post('8 (999) 123-45-67');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await ru.stored(created.body.response.id)).toEqual([
      { field_id: ru.fields.phone, value: '79991234567' },
    ]);
    const moscow = await ru.post('8 (495) 123-45-67', 'Мария');
    expect(await ru.stored(moscow.body.response.id)).toEqual([
      { field_id: ru.fields.phone, value: '74951234567' },
    ]);
    // A Ukrainian number written the Ukrainian way is no Russian number.
    const refused = await ru.post('050 123 45 67');
    expect(refused.status).toBe(422);
    expect(refused.body.errors['fields.0.value'][0]).toMatch(/^Такого номера телефона нет/);

    // Projects from before the setting (and new ones) are Ukrainian, as every number was read.
    const ua = await withCountry(null);
    const kyiv = await ua.post('050 123 45 67');
    expect(kyiv.status, JSON.stringify(kyiv.body)).toBe(201);
    expect(await ua.stored(kyiv.body.response.id)).toEqual([
      { field_id: ua.fields.phone, value: '380501234567' },
    ]);
    expect((await ua.post('8 (999) 123-45-67')).status).toBe(422);
  });

  it("an edit keeps a stored number as it is: a Vietnamese +84 95… is not re-read as Moscow's 8 (495)…", async () => {
    const ru = await withCountry('RU');
    const created = await ru.post('+84 95 123 4567');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.response.id as number;
    // The modal sends every value back, the unchanged number as it is stored: digits, no '+'.
    const edited = await call(t.app, 'PUT', ru.p.urls.client(id), {
      token: ru.p.admin.token,
      body: { name: 'Нгуен', last_name: 'Ван', fields: await ru.stored(id) },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await ru.stored(id)).toEqual([{ field_id: ru.fields.phone, value: '84951234567' }]);
    // The same digits typed into another field are a number written without a '+': Moscow's.
    const typed = await call(t.app, 'PUT', ru.p.urls.client(id), {
      token: ru.p.admin.token,
      body: {
        name: 'Нгуен',
        last_name: 'Ван',
        fields: [{ field_id: ru.fields.phone2, value: '84951234567' }],
      },
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(await ru.stored(id)).toEqual([{ field_id: ru.fields.phone2, value: '74951234567' }]);
  });

  it("the duplicate check reads the modal's values with the country: '8 999 123-45-67' is '+7 999 123 45 67'", async () => {
    const ru = await withCountry('RU');
    const first = await ru.create(
      ru.p.manager.token,
      { name: 'Иван', last_name: 'Петров' },
      { [ru.fields.phone]: '+7 999 123 45 67' },
    );
    const entry = {
      client: { id: first.id, name: 'Иван', last_name: 'Петров' },
      manager: { id: ru.p.manager.id, name: 'Мария Менеджерова' },
      matches: ['phone_number'],
    };
    for (const written of ['8 999 123-45-67', '8 (999) 123 45 67', '79991234567']) {
      expect(
        await ru.duplicatesOf(ru.p.manager.token, {
          name: 'Пётр',
          last_name: 'Сидоров',
          fields: [{ field_id: ru.fields.phone2, value: written }],
        }),
        written,
      ).toEqual([entry]);
    }
    // The create answer says so too.
    const second = await ru.create(
      ru.p.manager.token,
      { name: 'Пётр', last_name: 'Сидоров' },
      { [ru.fields.phone]: '8 999 123-45-67' },
    );
    expect(second.duplicates).toEqual([entry]);

    // An edit sending its stored Vietnamese number back is told of nothing: it is no Moscow number.
    const vietnam = await ru.create(
      ru.p.manager.token,
      { name: 'Нгуен', last_name: 'Ван' },
      {
        [ru.fields.phone]: '+84 95 123 4567',
      },
    );
    const moscow = await ru.create(
      ru.p.manager.token,
      { name: 'Анна', last_name: 'Москвина' },
      {
        [ru.fields.phone]: '8 (495) 123-45-67',
      },
    );
    expect(vietnam.duplicates).toEqual([]);
    expect(moscow.duplicates).toEqual([]);
    expect(
      await ru.duplicatesOf(ru.p.manager.token, {
        client_id: vietnam.id,
        name: 'Нгуен',
        last_name: 'Ван',
        fields: [{ field_id: ru.fields.phone, value: '84951234567' }],
      }),
    ).toEqual([]);
  });

  it('changing the country leaves stored numbers and their keys as they are; only what is written next reads otherwise', async () => {
    const ua = await withCountry(null);
    const kyiv = await ua.create(
      ua.p.manager.token,
      { name: 'Олена', last_name: 'Коваль' },
      {
        [ua.fields.phone]: '050 123 45 67',
      },
    );
    const put = await call(t.app, 'PUT', `/api/v1/projects/${ua.p.owner.projectId}`, {
      token: ua.p.owner.token,
      body: { phone_country: 'RU' },
    });
    expect(put.status).toBe(200);
    expect(await ua.stored(kyiv.id)).toEqual([{ field_id: ua.fields.phone, value: '380501234567' }]);
    const dup = await ua.duplicatesOf(ua.p.manager.token, {
      fields: [{ field_id: ua.fields.phone, value: '+380 50 123 45 67' }],
    });
    expect(dup.map((d) => d.client?.id)).toEqual([kyiv.id]);
    // '050 …' is no number in Russia: no key, no duplicate.
    expect(
      await ua.duplicatesOf(ua.p.manager.token, {
        fields: [{ field_id: ua.fields.phone, value: '050 123 45 67' }],
      }),
    ).toEqual([]);
  });
});
