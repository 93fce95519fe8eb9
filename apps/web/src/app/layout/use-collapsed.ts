import { useCallback, useState } from 'react';
import { appStorage } from '@/lib/storage';

/** Sidebar collapsed state: read from `collapse` at start, written on every change (docs/product.md §2.3). */
export const useCollapsed = () => {
  const [collapsed, setState] = useState<boolean>(() => appStorage.getCollapsed());
  const setCollapsed = useCallback((next: boolean) => {
    appStorage.setCollapsed(next);
    setState(next);
  }, []);
  const toggle = useCallback(() => setCollapsed(!collapsed), [collapsed, setCollapsed]);
  return { collapsed, setCollapsed, toggle };
};
