import { Link } from 'react-router';
import buttonStyles from '../ui/button.module.css';
import { CardPage } from '../ui/card-page';
import { EmptyState } from '../ui/empty-state';

/** The catch-all route (spec §2), outside the layout. */
export const NotFoundPage = () => (
  <CardPage title="Страница не найдена" subtitle="Ошибка 404">
    <EmptyState
      plain
      icon="compass"
      text="Такой страницы нет: проверьте адрес или вернитесь на главную."
      action={
        <Link to="/" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          На главную
        </Link>
      }
    />
  </CardPage>
);
