import { paths } from '@/lib/paths';
import { ButtonLink } from '@/ui/button-link';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

export const NoAccessPage = () => (
  <>
    <PageHeader title="Нет доступа" />
    <EmptyState
      icon="lock"
      text="Эта страница доступна только администраторам проекта."
      action={
        <ButtonLink to={paths.home} variant="secondary">
          На главную
        </ButtonLink>
      }
    />
  </>
);
