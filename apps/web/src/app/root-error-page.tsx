import { useRouteError } from 'react-router';
import { useDocumentTitle } from '@/lib/page-title';
import styles from './root-error-page.module.css';
import { routeErrorMessage } from './route-error-message';

/** Router errorElement: 'Something went wrong' followed by the error message (docs/product.md §5.4). */
export const RootErrorPage = () => {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  return (
    <main className={styles.page} role="alert">
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.message}>{routeErrorMessage(error)}</p>
      <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
        Перезагрузить страницу
      </button>
    </main>
  );
};
