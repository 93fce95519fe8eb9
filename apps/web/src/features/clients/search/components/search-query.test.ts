import { CLIENT_SEARCH_ORDERS } from '@crm/contract';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_FILTERS,
  SORT_OPTIONS,
  foundCount,
  hasActiveFilters,
  toSearchQuery,
  type SearchFilters,
} from './search-query';

const filters = (over: Partial<SearchFilters> = {}): SearchFilters => ({
  text: '',
  ...INITIAL_FILTERS,
  ...over,
});

describe('toSearchQuery', () => {
  it('sends only the default order when nothing is chosen', () => {
    expect(toSearchQuery(filters())).toEqual({ order: 'created_at', direction: 'desc' });
    expect(toSearchQuery(filters({ text: '   ' }))).toEqual({ order: 'created_at', direction: 'desc' });
  });

  it('trims the text and sends the category and the sort', () => {
    expect(toSearchQuery(filters({ text: ' Анна ', categoryId: 3, sort: 'amount:asc' }))).toEqual({
      search: 'Анна',
      category_id: 3,
      order: 'amount',
      direction: 'asc',
    });
  });

  it('sends traffic as 1 for Траффик, 0 for Фарм and leaves it out for Все', () => {
    expect(toSearchQuery(filters({ traffic: 'traffic' })).traffic).toBe('1');
    expect(toSearchQuery(filters({ traffic: 'farm' })).traffic).toBe('0');
    expect(toSearchQuery(filters({ traffic: 'all' }))).not.toHaveProperty('traffic');
  });

  it('sends a searchable field only together with its option', () => {
    expect(toSearchQuery(filters({ selectId: 7 }))).not.toHaveProperty('select_id');
    expect(toSearchQuery(filters({ selectId: 7, optionId: 9 }))).toMatchObject({
      select_id: 7,
      option_id: 9,
    });
  });

  it('never sends more text than the server takes', () => {
    expect(toSearchQuery(filters({ text: 'я'.repeat(150) })).search).toHaveLength(100);
  });
});

describe('the sort options', () => {
  it('offer every order both ways, once each', () => {
    const values = SORT_OPTIONS.map((o) => o.value).sort();
    const expected = CLIENT_SEARCH_ORDERS.flatMap((order) => [`${order}:asc`, `${order}:desc`]).sort();
    expect(values).toEqual(expected);
  });
});

describe('hasActiveFilters', () => {
  it('is false for the defaults whatever the text, true once a filter is set', () => {
    expect(hasActiveFilters(filters({ text: 'анна' }))).toBe(false);
    expect(hasActiveFilters(filters({ categoryId: 1 }))).toBe(true);
    expect(hasActiveFilters(filters({ sort: 'name:asc' }))).toBe(true);
    expect(hasActiveFilters(filters({ selectId: 2 }))).toBe(true);
    expect(hasActiveFilters(filters({ traffic: 'farm' }))).toBe(true);
  });
});

describe('foundCount', () => {
  it('says the exact count, or the cap with a plus when the server stopped counting', () => {
    expect(foundCount({ total: 7, total_capped: false })).toBe('7');
    expect(foundCount({ total: 1000, total_capped: true })).toBe('1000+');
  });
});
