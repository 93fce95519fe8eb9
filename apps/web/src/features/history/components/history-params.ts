import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { HISTORY_SUBJECT_TYPES, type HistorySubjectType, isDate } from '@crm/contract';
import { currentSearchParams } from '@/lib/search-params';
import type { HistoryFilters } from '../api/get-history';

/** The page's filters as the address holds them: the API's own names, empty when not set. */
export type HistoryParams = {
  user_id: string;
  subject_type: HistorySubjectType | '';
  from: string;
  to: string;
};

const KEYS = ['user_id', 'subject_type', 'from', 'to'] as const;

const isSubjectType = (value: string): value is HistorySubjectType =>
  (HISTORY_SUBJECT_TYPES as string[]).includes(value);

/** Reads the address: a value the API would refuse (a hand-edited link) counts as not set. */
export const readHistoryParams = (params: URLSearchParams): HistoryParams => {
  const user = params.get('user_id') ?? '';
  const kind = params.get('subject_type') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    user_id: /^[1-9]\d*$/.test(user) ? user : '',
    subject_type: isSubjectType(kind) ? kind : '',
    from: isDate(from) ? from : '',
    to: isDate(to) ? to : '',
  };
};

/** A range that ends before it starts: said under the field, and its end is not sent. */
export const isBackwards = (p: HistoryParams) => p.from !== '' && p.to !== '' && p.from > p.to;

/** What the endpoint gets: only what is set. */
export const toHistoryFilters = (p: HistoryParams): HistoryFilters => ({
  ...(p.user_id ? { user_id: p.user_id } : {}),
  ...(p.subject_type ? { subject_type: p.subject_type } : {}),
  ...(p.from ? { from: p.from } : {}),
  ...(p.to && !isBackwards(p) ? { to: p.to } : {}),
});

export const hasHistoryFilters = (p: HistoryParams) => KEYS.some((key) => p[key] !== '');

/**
 * The filters live in the address (`?user_id&subject_type&from&to`), so a reload or a shared link
 * shows the same entries. Changes replace the address entry: a filter is not a page to go back to.
 */
export const useHistoryParams = () => {
  const [search, setSearch] = useSearchParams();
  const raw = search.toString();
  const params = useMemo(() => readHistoryParams(new URLSearchParams(raw)), [raw]);

  const update = useCallback(
    (next: Partial<HistoryParams>) => {
      const out = currentSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (value) out.set(key, value);
        else out.delete(key);
      }
      setSearch(out, { replace: true });
    },
    [setSearch],
  );
  const reset = useCallback(() => update({ user_id: '', subject_type: '', from: '', to: '' }), [update]);
  return { params, update, reset };
};
