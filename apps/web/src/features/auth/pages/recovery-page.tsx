import { Link } from 'react-router';
import { CardPage } from '../../../ui/card-page';
import { EmptyState } from '../../../ui/empty-state';
import formStyles from '../../../ui/form.module.css';

/** Placeholder until the accounts issue brings the reset form (PRODUCT.md §2 Recovery). */
export const RecoveryPage = () => (
  <CardPage
    title="Восстановление пароля"
    footer={
      <Link to="/login" className={formStyles.link}>
        Вернуться ко входу
      </Link>
    }
  >
    <EmptyState plain icon="key" text="Восстановление пароля по электронной почте скоро станет доступно." />
  </CardPage>
);
