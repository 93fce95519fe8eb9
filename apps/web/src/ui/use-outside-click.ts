import { useEffect, type RefObject } from 'react';

/** Calls `onOutside` on a press outside every given element, while `active`. */
export const useOutsideClick = (
  refs: ReadonlyArray<RefObject<HTMLElement | null>>,
  onOutside: () => void,
  active: boolean,
) => {
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && refs.some((ref) => ref.current?.contains(target))) return;
      onOutside();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [refs, onOutside, active]);
};
