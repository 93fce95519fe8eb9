import { useSearchParams } from 'react-router';
import { useAdminProjectId } from '@/lib/session-context';
import { paths } from '@/lib/paths';
import { BackLink } from '@/ui/back-link';
import { CardStack } from '@/ui/card';
import { PageHeader } from '@/ui/page-header';
import { useImportsLive } from '../api/use-imports-live';
import { ImportList } from '../components/import-list';
import { ImportUpload } from '../components/import-upload';
import { ImportView, ImportViewSkeleton } from '../components/import-view';

/** `?id=` as an import's id; anything else opens the upload. */
const importIdOf = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
};

/**
 * /clients/import (admins, docs/product.md §4.8 "Import"): the upload and the project's imports;
 * with `?id=` one import at its step (mapping, progress, checked, report), which survives a reload.
 */
export const ClientsImportPage = () => {
  const projectId = useAdminProjectId();
  const [params] = useSearchParams();
  const importId = importIdOf(params.get('id'));
  useImportsLive(projectId);
  return (
    <>
      {importId === null ? (
        <BackLink to={paths.clients}>Клиенты</BackLink>
      ) : (
        <BackLink to={paths.clientsImport}>Все импорты</BackLink>
      )}
      <PageHeader title="Импорт клиентов" />
      {importId === null ? (
        <CardStack>
          <ImportUpload projectId={projectId} />
          <ImportList projectId={projectId} />
        </CardStack>
      ) : projectId === null ? (
        <ImportViewSkeleton />
      ) : (
        <ImportView key={importId} projectId={projectId} importId={importId} />
      )}
    </>
  );
};
