import type { Client } from '@crm/contract';
import type { ClientCategoryRef } from '@/features/clients/categories/api/client-categories-query';
import { formatNumber } from '@/lib/numbers';
import { cx } from '@/ui/cx';
import { excerptAround, findMatches, Highlighted } from '@/ui/highlight';
import { CategoryChip } from './search-category-chip';
import styles from './client-search-modal.module.css';

/** What the form says about its fields: which one holds the phone, which hold free text. */
export type FieldRoles = {
  phoneIds: number[];
  /** Text, textarea and social network fields by id, with their names. */
  textNames: Map<number, string>;
};

type SearchResultsProps = {
  listId: string;
  clients: Client[];
  /** The text the answer was for (what to highlight). */
  query: string;
  activeIndex: number;
  categories: Map<number, ClientCategoryRef>;
  fieldRoles: FieldRoles;
  /** Admins see whose client it is. */
  showManager: boolean;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onOpen: (client: Client) => void;
};

/** The results as a listbox: the text box keeps the focus and points at the active one. */
export const SearchResults = ({
  listId,
  clients,
  query,
  activeIndex,
  categories,
  fieldRoles,
  showManager,
  optionId,
  onHover,
  onOpen,
}: SearchResultsProps) => (
  <ul id={listId} role="listbox" aria-label="Найденные клиенты" className={styles.list}>
    {clients.map((client, index) => (
      <li
        key={client.id}
        id={optionId(index)}
        role="option"
        aria-selected={index === activeIndex}
        className={cx(styles.option, index === activeIndex && styles.active)}
        data-testid="search-result"
        onMouseMove={() => onHover(index)}
        // The text box keeps the focus: a press on a result must not take it away.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onOpen(client)}
      >
        <ResultBody
          client={client}
          query={query}
          category={categories.get(client.category_id)}
          fieldRoles={fieldRoles}
          showManager={showManager}
        />
      </li>
    ))}
  </ul>
);

type ResultBodyProps = {
  client: Client;
  query: string;
  category: ClientCategoryRef | undefined;
  fieldRoles: FieldRoles;
  showManager: boolean;
};

const ResultBody = ({ client, query, category, fieldRoles, showManager }: ResultBodyProps) => {
  const fullName = `${client.name} ${client.last_name}`;
  const phone = client.fields.find((f) => fieldRoles.phoneIds.includes(f.field_id) && f.value !== '')?.value;
  // A match only in a text field (a comment, a profile link) is shown, so the hit is not a mystery.
  const inHead =
    findMatches(fullName, query).length > 0 || (phone !== undefined && findMatches(phone, query).length > 0);
  const textHit = inHead
    ? undefined
    : client.fields.find(
        (f) => fieldRoles.textNames.has(f.field_id) && findMatches(f.value, query).length > 0,
      );
  return (
    <>
      <span className={styles.optionHead}>
        <span className={styles.optionName}>
          <Highlighted text={fullName} query={query} />
        </span>
        <span className={styles.amount}>
          <span className="visually-hidden">Сумма клиента: </span>
          {formatNumber(client.amount)}
        </span>
      </span>
      <span className={styles.optionMeta}>
        <CategoryChip category={category} />
        {phone !== undefined && (
          <span className={styles.phone}>
            <Highlighted text={phone} query={query} />
          </span>
        )}
        {client.traffic && <span className={styles.badge}>Траффик</span>}
        {showManager && <span className={styles.manager}>{client.manager.name}</span>}
      </span>
      {textHit && (
        <span className={styles.snippet}>
          <span className={styles.snippetName}>{fieldRoles.textNames.get(textHit.field_id)}: </span>
          <Highlighted text={excerptAround(textHit.value, query)} query={query} />
        </span>
      )}
    </>
  );
};
