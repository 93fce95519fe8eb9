import { Link } from 'react-router';
import { CardPage } from '../../../ui/card-page';
import { EmptyState } from '../../../ui/empty-state';
import formStyles from '../../../ui/form.module.css';

/**
 * Placeholder for /verify-email/:verifyHash? — the accounts issue POSTs the hash here and adds
 * the resend button with its 2-minute cooldown (spec §4).
 */
export const VerifyEmailPage = () => (
  <CardPage
    title="Подтверждение почты"
    footer={
      <Link to="/" className={formStyles.link}>
        На главную
      </Link>
    }
  >
    <EmptyState plain icon="mail" text="Подтверждение адреса электронной почты скоро станет доступно." />
  </CardPage>
);
