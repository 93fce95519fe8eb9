import { useAdminProjectId } from '@/lib/session-context';
import { LoadError } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { Skeleton, Loading } from '@/ui/skeleton';
import { useClientForm } from '@/features/clients/form/api/get-form';
import { FormBuilder } from '@/features/clients/form/components/form-builder';
import styles from '@/features/clients/form/components/form-builder.module.css';

const BuilderSkeleton = () => (
  <div className={styles.layout} aria-hidden="true">
    <div className={styles.builder}>
      {[0, 1].map((i) => (
        <div key={i} className={styles.group}>
          <Skeleton width="40%" height={40} />
          <div className={styles.skeletonFields}>
            <Skeleton height={120} />
            <Skeleton height={120} />
          </div>
        </div>
      ))}
    </div>
    <div className={styles.preview}>
      <Skeleton width="30%" height={20} />
      <div className={styles.skeletonFields}>
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </div>
    </div>
  </div>
);

/** /client_form (admins): the project's client form, built and saved whole (docs/product.md §4.7). */
export const ClientFormPage = () => {
  const projectId = useAdminProjectId();
  const formQuery = useClientForm(projectId);

  if (formQuery.isError) {
    return (
      <>
        <PageHeader title="Форма клиента" />
        {/* The toast already named the error ('Failed to get form groups.'); here, what is missing. */}
        <LoadError text="Не удалось загрузить форму клиента." onRetry={() => void formQuery.refetch()} />
      </>
    );
  }
  if (projectId === null || !formQuery.data) {
    return (
      <>
        <PageHeader title="Форма клиента" />
        <Loading label="Форма клиента загружается">
          <BuilderSkeleton />
        </Loading>
      </>
    );
  }
  // A builder per project: another project's form starts a fresh working copy.
  return <FormBuilder key={projectId} projectId={projectId} saved={formQuery.data} />;
};
