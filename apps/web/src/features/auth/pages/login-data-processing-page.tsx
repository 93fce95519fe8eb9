import { Link } from 'react-router';
import { CardPage } from '../../../ui/card-page';
import { EmptyState } from '../../../ui/empty-state';
import formStyles from '../../../ui/form.module.css';

/** Google returns here with ?code&state (PRODUCT.md §2); the accounts issue completes sign-in. */
export const LoginDataProcessingPage = () => (
  <CardPage
    title="Вход через Google"
    footer={
      <Link to="/login" className={formStyles.link}>
        Вернуться ко входу
      </Link>
    }
  >
    <EmptyState plain icon="key" text="Вход через Google скоро станет доступен." />
  </CardPage>
);
