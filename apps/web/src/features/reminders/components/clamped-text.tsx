import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '@/ui/cx';
import formStyles from '@/ui/form.module.css';
import styles from './reminder-modals.module.css';

/**
 * Text shown at most 10 lines high (docs/product.md §10.6), with 'Читать далее' when it is longer and
 * 'Свернуть' once opened.
 */
export const ClampedText = ({ children, className }: { children: ReactNode; className?: string }) => {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || open) return;
    const measure = () => setOverflows(node.scrollHeight > node.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [open, children]);

  return (
    <div className={className}>
      <div ref={ref} className={cx(styles.clamp, open && styles.clampOpen)}>
        {children}
      </div>
      {(overflows || open) && (
        <button
          type="button"
          className={cx(formStyles.linkButton, styles.more)}
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
        >
          {open ? 'Свернуть' : 'Читать далее'}
        </button>
      )}
    </div>
  );
};
