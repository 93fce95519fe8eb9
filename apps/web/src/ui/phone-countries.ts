import { defaultCountries, parseCountry, type CountryData } from 'react-international-phone';
import { PHONE_COUNTRIES } from '@crm/contract';
import { countryName } from '@/lib/country-names';

/** The countries the phone picker offers: Europe only, a project's phone countries (docs/product.md §4.7). */
const EUROPE = new Set<string>(PHONE_COUNTRIES.map((code) => code.toLowerCase()));

/** Europe's countries for the picker, named in Russian and in Russian alphabetical order. */
export const europeCountries: CountryData[] = defaultCountries
  .filter((c) => EUROPE.has(parseCountry(c).iso2))
  .map((c): CountryData => {
    const [name, iso2, ...rest] = c;
    return [countryName(iso2, name), iso2, ...rest] as CountryData;
  })
  .sort((a, b) => a[0].localeCompare(b[0], 'ru'));

/**
 * The library draws flags from a CDN, which the page's Content-Security-Policy (images from the
 * app itself only) refuses; each country gets an inline badge with its ISO code instead.
 */
const badge = (iso2: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16" viewBox="0 0 24 16">` +
      `<rect width="24" height="16" rx="3" fill="#f1ecfd"/>` +
      `<text x="12" y="11.5" text-anchor="middle" font-family="system-ui, sans-serif" font-size="9" font-weight="600" fill="#6a4bc8">${iso2.toUpperCase()}</text>` +
      `</svg>`,
  )}`;

export const countryBadges = europeCountries.map((c) => {
  const { iso2 } = parseCountry(c);
  return { iso2, src: badge(iso2) };
});
