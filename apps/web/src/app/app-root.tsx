import { lazy, Suspense, type ComponentType } from 'react';
import { ModalProvider } from '@/ui/modal';
import { useAfterFirstPaint } from '@/ui/use-after-first-paint';
import { AuthGuard } from './guards/auth-guard';

/**
 * The toasts' container (react-toastify) loads after the first page has been drawn: it shows
 * nothing until a toast comes, and a toast raised before it is there waits for it. Should the
 * connection drop before it arrives, the app goes on without it: a failed load here reached the
 * router's root and replaced every page with 'Something went wrong'.
 */
const NoToasts: ComponentType = () => null;
const Toasts = lazy<ComponentType>(() =>
  import('@/ui/toasts').then(
    ({ Toasts }) => ({ default: Toasts }),
    () => ({ default: NoToasts }),
  ),
);

/** Root route element: the modal stack and toasts live here, inside the router. */
export const AppRoot = () => {
  const painted = useAfterFirstPaint();
  return (
    <ModalProvider>
      <AuthGuard />
      {painted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </ModalProvider>
  );
};
