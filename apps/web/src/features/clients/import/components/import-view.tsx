import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportStatus } from '@crm/contract';
import { isApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { ButtonLink } from '@/ui/button-link';
import { Card, CardStack } from '@/ui/card';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Loading, Skeleton } from '@/ui/skeleton';
import { useClientImport } from '../api/get-import';
import { ImportChecked } from './import-checked';
import { ImportMapping } from './import-mapping';
import { ImportHead, ImportSteps } from './import-parts';
import { ImportProgress } from './import-progress';
import { ImportReport } from './import-report';
import { isBusy, stepOf } from './import-status';
import styles from './import.module.css';

export const ImportViewSkeleton = () => (
  <Loading label="Загрузка импорта" className={styles.skeletonCard}>
    <Card>
      <div className={styles.skeletonRows}>
        <div className={styles.skeletonRow}>
          <Skeleton width="50%" height={20} />
          <Skeleton width="35%" height={14} />
        </div>
        <Skeleton width="70%" height={24} />
      </div>
    </Card>
    <Card>
      <div className={styles.skeletonRows}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </div>
    </Card>
  </Loading>
);

/**
 * Once a step the server worked on ends with clients written or removed (a run, an undo), what
 * the app shows of clients is read again.
 */
const useClientsRefresh = (projectId: number, status: ImportStatus | undefined) => {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (!before || !status || before === status) return;
    if (isBusy(before) && before !== 'checking' && stepOf(status) === 'report') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(projectId) });
    }
  }, [queryClient, projectId, status]);
};

/**
 * The screen the admin asked for instead of the one the status opens: the mapping again (from the
 * check's figures, or a failed import), or the figures kept after a choice asked for a new check.
 */
type Override = 'mapping' | 'checked' | null;

/** One import (`?id=`), at the screen its status opens: mapping, progress, checked, report. */
export const ImportView = ({ projectId, importId }: { projectId: number; importId: number }) => {
  const query = useClientImport(projectId, importId);
  const [override, setOverride] = useState<Override>(null);
  useClientsRefresh(projectId, query.data?.status);

  if (!query.data) {
    if (query.isError && isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState
          icon="inbox"
          text="Такого импорта в проекте нет: возможно, он удалён или из другого проекта."
          action={<ButtonLink to={paths.clientsImport}>Все импорты</ButtonLink>}
        />
      );
    }
    if (query.isError) {
      return <LoadError text="Не удалось загрузить импорт." onRetry={() => void query.refetch()} />;
    }
    return <ImportViewSkeleton />;
  }

  const item = query.data;
  const step = stepOf(item.status);
  const editable = item.status === 'uploaded' || item.status === 'checked' || item.status === 'failed';
  const hasFigures = item.checked !== null && (item.status === 'uploaded' || item.status === 'checked');
  const screen =
    step === 'progress'
      ? 'progress'
      : override === 'mapping' && editable
        ? 'mapping'
        : override === 'checked' && hasFigures
          ? 'checked'
          : step;
  const started = () => setOverride(null);
  const body = (() => {
    switch (screen) {
      case 'progress':
        return <ImportProgress projectId={projectId} item={item} />;
      case 'checked':
        return (
          <ImportChecked
            projectId={projectId}
            item={item}
            onEdit={() => setOverride('mapping')}
            onChoice={() => setOverride('checked')}
            onCheck={started}
          />
        );
      case 'mapping':
        return (
          <ImportMapping
            projectId={projectId}
            item={item}
            onBack={hasFigures ? () => setOverride('checked') : undefined}
            onCheck={started}
          />
        );
      case 'report':
        return <ImportReport projectId={projectId} item={item} onEdit={() => setOverride('mapping')} />;
    }
  })();

  return (
    <CardStack>
      <Card aria-labelledby="import-file-title" data-testid="import-head">
        <ImportHead item={item} />
        <ImportSteps status={item.status} />
      </Card>
      {body}
    </CardStack>
  );
};
