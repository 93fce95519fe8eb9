import { useState } from 'react';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '@/lib/page-title';
import { LoadError } from '@/ui/empty-state';
import { routeErrorMessage } from '@/app/route-error-message';

/** A page's code or styles that did not arrive (the server or the connection is down). */
const isLoadFailure = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(
    error.message,
  );

/**
 * A page of the main layout that failed, shown in the layout's place for it: the menu, the header
 * and the other pages stay usable (docs/product.md §5.4). A page that could not be loaded says so
 * in Russian; 'Повторить' reloads once the server answers again (the browser keeps a module that
 * failed to load as failed, so only a reload fetches it anew), and says so while it does not.
 */
export const PageLoadError = () => {
  const error = useRouteError();
  const loadFailure = isLoadFailure(error);
  const [stillDown, setStillDown] = useState(false);
  useDocumentTitle(loadFailure ? 'Страница не загрузилась' : 'Something went wrong');

  const retry = async () => {
    try {
      // The server's health check (outside the versioned API), which needs no session.
      const res = await fetch('/api/health', { cache: 'no-store' });
      if (res.ok) {
        window.location.reload();
        return;
      }
    } catch {
      // Still no connection.
    }
    setStillDown(true);
  };

  if (!loadFailure) {
    return (
      <div role="alert">
        <LoadError
          text={`Something went wrong. ${routeErrorMessage(error)}`}
          onRetry={() => window.location.reload()}
        />
      </div>
    );
  }
  return (
    <div role="alert" data-testid="page-load-error">
      <LoadError
        text={
          stillDown
            ? 'Сервер пока не отвечает. Проверьте подключение к интернету и попробуйте ещё раз через минуту.'
            : 'Не удалось загрузить страницу: нет связи с сервером. Проверьте подключение и нажмите «Повторить».'
        }
        onRetry={() => void retry()}
      />
    </div>
  );
};
