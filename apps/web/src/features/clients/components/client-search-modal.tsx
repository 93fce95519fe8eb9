import { useState } from 'react';
import { ComingSoon } from '@/ui/empty-state';
import styles from './client-search-modal.module.css';

/**
 * Body of the global client search modal (docs/product.md §2.4). The filters, the 300 ms debounced
 * GET /clients/search and arrow-key navigation come with the clients issue; the text box is here.
 */
export const ClientSearchModal = ({ initialQuery = '' }: { initialQuery?: string }) => {
  const [query, setQuery] = useState(initialQuery);
  return (
    <div className={styles.box}>
      <input
        className={styles.input}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Имя, фамилия или телефон клиента"
        aria-label="Поиск клиентов"
        data-autofocus
      />
      <ComingSoon
        plain
        icon="search"
        feature="поиск клиентов"
        text="По имени, фамилии или телефону, с фильтрами по категории и источнику — вместе с разделом «Клиенты»."
      />
    </div>
  );
};

export const CLIENT_SEARCH_MODAL = { kind: 'search', ariaLabel: 'Поиск клиентов', padding: 24 } as const;
