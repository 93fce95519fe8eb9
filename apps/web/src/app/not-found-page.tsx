import { paths } from '@/lib/paths';
import { ButtonLink } from '@/ui/button-link';
import { CardPage } from '@/ui/card-page';
import { EmptyState } from '@/ui/empty-state';

/** The catch-all route (docs/product.md §2.2), outside the layout. */
export const NotFoundPage = () => (
  <CardPage title="Страница не найдена" subtitle="Ошибка 404">
    <EmptyState
      plain
      icon="compass"
      text="Такой страницы нет: проверьте адрес или вернитесь на главную."
      action={<ButtonLink to={paths.home}>На главную</ButtonLink>}
    />
  </CardPage>
);
