import {
  type ClientSearchPage,
  CLIENT_SEARCH_MAX_LENGTH,
  type ClientSearchOrder,
  type ClientSearchQuery,
  type SearchDirection,
} from '@crm/contract';

/** The traffic filter (docs/product.md §2.4): exclusive, 'all' by default. */
export type TrafficFilter = 'all' | 'farm' | 'traffic';

export const TRAFFIC_OPTIONS: { value: TrafficFilter; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'farm', label: 'Фарм' },
  { value: 'traffic', label: 'Траффик' },
];

/** A sort: one of the four orders and its direction; the select's value is `order:direction`. */
export type SearchSort = `${ClientSearchOrder}:${SearchDirection}`;

export const SORT_OPTIONS: { value: SearchSort; label: string }[] = [
  { value: 'created_at:desc', label: 'Сначала новые' },
  { value: 'created_at:asc', label: 'Сначала старые' },
  { value: 'name:asc', label: 'Имя: от А до Я' },
  { value: 'name:desc', label: 'Имя: от Я до А' },
  { value: 'last_name:asc', label: 'Фамилия: от А до Я' },
  { value: 'last_name:desc', label: 'Фамилия: от Я до А' },
  { value: 'amount:desc', label: 'Сумма: по убыванию' },
  { value: 'amount:asc', label: 'Сумма: по возрастанию' },
];

/** What the search modal's controls hold; ids are null while nothing is chosen. */
export type SearchFilters = {
  text: string;
  categoryId: number | null;
  sort: SearchSort;
  selectId: number | null;
  optionId: number | null;
  traffic: TrafficFilter;
};

export const INITIAL_FILTERS: Omit<SearchFilters, 'text'> = {
  categoryId: null,
  sort: 'created_at:desc',
  selectId: null,
  optionId: null,
  traffic: 'all',
};

const TRAFFIC_PARAM = { all: undefined, farm: '0', traffic: '1' } as const;

/**
 * The request for the controls' state: blanks are left out (an empty text lists every client the
 * filters keep), traffic is sent as 1/0 and omitted for 'Все', a field goes only with its option.
 */
export const toSearchQuery = (filters: SearchFilters): Omit<ClientSearchQuery, 'page'> => {
  const [order, direction] = filters.sort.split(':') as [ClientSearchOrder, SearchDirection];
  const text = filters.text.trim().slice(0, CLIENT_SEARCH_MAX_LENGTH);
  const withOption = filters.selectId !== null && filters.optionId !== null;
  return {
    ...(text !== '' && { search: text }),
    ...(filters.categoryId !== null && { category_id: filters.categoryId }),
    order,
    direction,
    ...(filters.traffic !== 'all' && { traffic: TRAFFIC_PARAM[filters.traffic] }),
    ...(withOption && { select_id: filters.selectId!, option_id: filters.optionId! }),
  };
};

/** The filters differ from the defaults: the modal offers to reset them. */
export const hasActiveFilters = (filters: SearchFilters): boolean =>
  filters.categoryId !== null ||
  filters.sort !== INITIAL_FILTERS.sort ||
  filters.selectId !== null ||
  filters.traffic !== 'all';

/** The count a person reads: '1000+' when the server stopped counting at its cap. */
export const foundCount = (page: Pick<ClientSearchPage, 'total' | 'total_capped'>): string =>
  page.total_capped ? `${page.total}+` : String(page.total);
