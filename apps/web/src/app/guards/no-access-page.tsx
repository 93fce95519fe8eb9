import { Link } from 'react-router';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import buttonStyles from '../../ui/button.module.css';

export const NoAccessPage = () => (
  <>
    <PageHeader title="Нет доступа" />
    <EmptyState
      icon="lock"
      text="Эта страница доступна только администраторам проекта."
      action={
        <Link to="/" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
          На главную
        </Link>
      }
    />
  </>
);
