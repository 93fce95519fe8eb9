import formStyles from '@/ui/form.module.css';

/** 'Выйти' under a card, for a signed-in user outside the layout (asks first, like the header). */
export const SignOutLink = ({ onSignOut }: { onSignOut: () => void }) => (
  <button type="button" className={formStyles.linkButton} onClick={onSignOut}>
    Выйти
  </button>
);
