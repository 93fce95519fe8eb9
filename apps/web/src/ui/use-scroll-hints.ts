import { useEffect, type RefObject } from 'react';
import styles from './scroll-hints.module.css';

/** The class that draws the fades of a list using `useScrollHints`. */
export const scrollHintsClass = styles.scroller;

/**
 * A short scrolling list (the 155px dropdowns of docs/product.md §2.3) must show that it hides
 * items. While `active`, this marks the element with data-more="above" | "below" | "both" |
 * "none", which fades the hiding edge (scroll-hints.module.css), and scrolls a focused item fully
 * into view, clear of the fades, so every item is reached whole from the keyboard.
 */
export const useScrollHints = (ref: RefObject<HTMLElement | null>, active: boolean) => {
  useEffect(() => {
    const node = ref.current;
    if (!active || !node) return;
    const update = () => {
      const above = node.scrollTop > 1;
      const below = node.scrollTop + node.clientHeight < node.scrollHeight - 1;
      node.dataset.more = above && below ? 'both' : above ? 'above' : below ? 'below' : 'none';
    };
    const onFocusIn = (event: FocusEvent) => {
      // 'nearest' honours the list's scroll-padding, which is the depth of the fades.
      if (event.target instanceof HTMLElement && event.target !== node) {
        event.target.scrollIntoView({ block: 'nearest' });
      }
    };
    update();
    node.addEventListener('scroll', update, { passive: true });
    node.addEventListener('focusin', onFocusIn);
    // The list grows without the box changing size (e.g. a section unfolds inside it).
    const resize = new ResizeObserver(update);
    resize.observe(node);
    const mutations = new MutationObserver(update);
    mutations.observe(node, { childList: true, subtree: true });
    return () => {
      node.removeEventListener('scroll', update);
      node.removeEventListener('focusin', onFocusIn);
      resize.disconnect();
      mutations.disconnect();
      delete node.dataset.more;
    };
  }, [ref, active]);
};
