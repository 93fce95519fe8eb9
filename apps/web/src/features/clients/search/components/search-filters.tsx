import { useId, useState, type ReactNode } from 'react';
import type { FormField } from '@crm/contract';
import type { ClientCategoryRef } from '@/features/clients/categories/api/client-categories-query';
import { Button } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { Select } from '@/ui/select';
import { MOBILE_QUERY, useMediaQuery } from '@/ui/use-media-query';
import {
  INITIAL_FILTERS,
  SORT_OPTIONS,
  TRAFFIC_OPTIONS,
  type SearchFilters,
  type SearchSort,
  type TrafficFilter,
} from './search-query';
import styles from './client-search-modal.module.css';

type SearchFiltersProps = {
  filters: SearchFilters;
  onChange: (change: Partial<Omit<SearchFilters, 'text'>>) => void;
  categories: ClientCategoryRef[];
  /** The searchable select fields; without any, the extra filter is not offered. */
  fields: FormField[];
  /** Shown beside the traffic switch on a wide screen, under the filters on a phone (the count). */
  aside: ReactNode;
};

const toId = (value: string): number | null => (value === '' ? null : Number(value));

/** The search's filters: category, sort, a searchable field and its option, and the traffic switch. */
export const SearchFiltersBar = ({ filters, onChange, categories, fields, aside }: SearchFiltersProps) => {
  const field = fields.find((f) => f.id === filters.selectId);
  // A phone keeps the results in sight: the four selects fold behind one button.
  const phone = useMediaQuery(MOBILE_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  const selectsId = useId();
  const chosen = [
    filters.categoryId !== null,
    filters.sort !== INITIAL_FILTERS.sort,
    filters.selectId !== null,
  ].filter(Boolean).length;
  const showSelects = !phone || unfolded;
  return (
    <div className={styles.filters}>
      {phone && (
        <div className={styles.filtersRow}>
          <Button
            variant="secondary"
            aria-expanded={unfolded}
            aria-controls={selectsId}
            onClick={() => setUnfolded((open) => !open)}
          >
            <Icon name="sliders" size={18} />
            {chosen > 0 ? `Фильтры (${chosen})` : 'Фильтры'}
          </Button>
          <TrafficSwitch value={filters.traffic} onChange={(traffic) => onChange({ traffic })} />
        </div>
      )}
      <div id={selectsId} className={styles.selects} hidden={!showSelects}>
        <Select
          label="Категория"
          value={filters.categoryId ?? ''}
          onChange={(event) => onChange({ categoryId: toId(event.target.value) })}
        >
          <option value="">Все категории</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Select>
        <Select
          label="Сортировка"
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.target.value as SearchSort })}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        {fields.length > 0 && (
          <>
            <Select
              label="Поле"
              value={filters.selectId ?? ''}
              onChange={(event) => onChange({ selectId: toId(event.target.value), optionId: null })}
            >
              <option value="">Любое поле</option>
              {fields.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </Select>
            <Select
              label="Значение"
              value={filters.optionId ?? ''}
              disabled={!field}
              onChange={(event) => onChange({ optionId: toId(event.target.value) })}
            >
              <option value="">Любое значение</option>
              {field?.options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </Select>
          </>
        )}
      </div>
      {phone ? (
        aside
      ) : (
        <div className={styles.filtersRow}>
          <TrafficSwitch value={filters.traffic} onChange={(traffic) => onChange({ traffic })} />
          {aside}
        </div>
      )}
    </div>
  );
};

/** All / Farm / Traffic: native radios, so the arrows move between them as in any radio group. */
const TrafficSwitch = ({
  value,
  onChange,
}: {
  value: TrafficFilter;
  onChange: (value: TrafficFilter) => void;
}) => {
  const name = useId();
  return (
    <fieldset className={styles.segmented}>
      <legend className="visually-hidden">Фарм или траффик</legend>
      {TRAFFIC_OPTIONS.map((option) => (
        <label key={option.value} className={styles.segment}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className={styles.segmentInput}
          />
          <span className={styles.segmentLabel}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
};
