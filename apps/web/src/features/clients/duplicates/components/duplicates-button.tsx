import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-context';
import { ButtonLink } from '@/ui/button-link';
import { Icon } from '@/ui/icons';

/** 'Дубли' in the board's header: the project's duplicate groups (admins; docs/product.md, "Duplicates"). */
export const DuplicatesButton = () => {
  const { isAdmin } = useSession();
  if (!isAdmin) return null;
  return (
    <ButtonLink variant="secondary" to={paths.clientDuplicates}>
      <Icon name="copy" size={18} />
      Дубли
    </ButtonLink>
  );
};
