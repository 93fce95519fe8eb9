import { PHONE_COUNTRIES, type PhoneCountry } from '@crm/contract';

const regionNames = new Intl.DisplayNames(['ru'], { type: 'region' });

/** The country's Russian name ('Бельгия'), `fallback` (else the code) if the browser has none. */
export const countryName = (iso2: string, fallback = iso2) => regionNames.of(iso2.toUpperCase()) ?? fallback;

/** The countries a project's phone country may be, named in Russian, in Russian alphabetical order. */
export const phoneCountryOptions = (): { value: PhoneCountry; label: string }[] =>
  PHONE_COUNTRIES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
    a.label.localeCompare(b.label, 'ru'),
  );
