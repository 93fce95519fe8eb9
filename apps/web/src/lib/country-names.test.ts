import { describe, expect, it } from 'vitest';
import { parseCountry } from 'react-international-phone';
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, phoneCountrySchema } from '@crm/contract';
import { europeCountries } from '@/ui/phone-countries';
import { phoneCountryOptions } from './country-names';

describe("the project's phone country (docs/product.md §4.2, §4.7)", () => {
  it('offers every country of the one list, in Russian, in Russian alphabetical order', () => {
    const options = phoneCountryOptions();
    expect(options.map((o) => o.value).sort()).toEqual([...PHONE_COUNTRIES].sort());
    expect(options.find((o) => o.value === 'RU')?.label).toBe('Россия');
    expect(options.find((o) => o.value === 'UA')?.label).toBe('Украина');
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(options.every((o) => o.label !== o.value)).toBe(true);
  });

  it("is a country the phone picker has, so the client form's picker can start there", () => {
    const picker = europeCountries.map((c) => parseCountry(c).iso2.toUpperCase()).sort();
    expect(picker).toEqual([...PHONE_COUNTRIES].sort());
    expect(phoneCountrySchema.safeParse(DEFAULT_PHONE_COUNTRY).success).toBe(true);
    expect(phoneCountrySchema.safeParse('US').success).toBe(false);
  });
});
