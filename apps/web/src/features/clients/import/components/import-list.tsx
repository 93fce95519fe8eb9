import { Link } from 'react-router';
import type { ClientImportListItem } from '@crm/contract';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Loading, Skeleton } from '@/ui/skeleton';
import { LIST_IMPORTS_FAILED, useClientImports } from '../api/list-imports';
import { StatusBadge } from './import-parts';
import { countsLine, isBusy, progressText } from './import-status';
import styles from './import.module.css';

/** What an import did or is doing, on one line ('Создано 120 · ошибок 2'); null: nothing yet. */
const outcome = (item: ClientImportListItem): string | null => {
  if (isBusy(item.status)) return progressText(item.rows_done, item.rows_total);
  return item.done ? countsLine(item.done) : null;
};

const ListSkeleton = () => (
  <Loading label="Загрузка импортов" className={styles.skeletonRows}>
    {[0, 1, 2].map((i) => (
      <div key={i} className={styles.skeletonRow}>
        <Skeleton width="45%" height={18} />
        <Skeleton width="70%" height={14} />
      </div>
    ))}
  </Loading>
);

/** The project's imports, newest first: each opens its import at the step it is at. */
export const ImportList = ({ projectId }: { projectId: number | null }) => {
  const imports = useClientImports(projectId);
  const body = (() => {
    if (imports.isError) {
      return <LoadError plain text={LIST_IMPORTS_FAILED} onRetry={() => void imports.refetch()} />;
    }
    if (!imports.data) return <ListSkeleton />;
    if (imports.data.length === 0) {
      return (
        <EmptyState plain icon="inbox" text="Импортов ещё не было: здесь появится каждый загруженный файл." />
      );
    }
    return (
      <ul className={styles.list}>
        {imports.data.map((item) => {
          const line = outcome(item);
          return (
            <li key={item.id} className={styles.item} data-testid="import-list-item">
              <div className={styles.itemTop}>
                <Link className={styles.itemLink} to={`${paths.clientsImport}?id=${item.id}`}>
                  {item.file_name}
                </Link>
                <StatusBadge status={item.status} />
              </div>
              <p className={styles.small}>
                {item.created_by.name},{' '}
                <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
                {line && ` · ${line}`}
              </p>
            </li>
          );
        })}
      </ul>
    );
  })();
  return (
    <Card aria-labelledby="import-list-title">
      <CardHead>
        <CardTitle id="import-list-title" count={imports.data?.length || undefined}>
          Импорты проекта
        </CardTitle>
      </CardHead>
      {body}
    </Card>
  );
};
