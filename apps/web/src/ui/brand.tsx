import styles from './brand.module.css';

/** The product mark: a violet tile and the word, the word hidden in the collapsed sidebar. */
export const Brand = ({ compact = false }: { compact?: boolean }) => (
  <span className={styles.brand}>
    <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M21 11.5a7 7 0 1 0 0 9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
    <span className={compact ? 'visually-hidden' : styles.word}>CRM</span>
  </span>
);
