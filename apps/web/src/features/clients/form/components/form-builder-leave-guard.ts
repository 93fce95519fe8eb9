import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '@/ui/modal';

/**
 * While `active`, leaving the page asks first: another route of the app through a confirmation,
 * a reload or a closed tab through the browser's own question.
 */
export const useLeaveGuard = (active: boolean) => {
  const confirm = useConfirm();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  // The blocker object is replaced as its state moves; ask once per blocked navigation.
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  }, [blocker]);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    void confirm({
      message: 'Уйти без сохранения?',
      hint: 'Изменения формы клиента не сохранены и будут потеряны.',
      agreeText: 'Уйти',
      cancelText: 'Остаться',
    }).then((agreed) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (agreed) current.proceed();
      else current.reset();
    });
  }, [blocked, confirm]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
};
