import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './button.module.css';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** The look of a button, for a control that is not a Button (a menu's trigger). */
export const buttonClass = (variant: ButtonVariant = 'primary') => cx(styles.button, styles[variant]);

/** The spinner a busy button shows, for the same controls. */
export const ButtonSpinner = () => <span className={styles.spinner} aria-hidden="true" />;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks clicks while the action runs (docs/product.md §10.3). */
  loading?: boolean;
  fullWidth?: boolean;
  children: ReactNode;
};

export const Button = ({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) => (
  <button
    type={type}
    className={cx(styles.button, styles[variant], fullWidth && styles.full, className)}
    disabled={disabled || loading}
    aria-busy={loading || undefined}
    {...rest}
  >
    {loading && <ButtonSpinner />}
    {children}
  </button>
);

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Russian name read by screen readers; icon buttons have no visible text. */
  label: string;
  variant?: ButtonVariant;
  /** It removes something: the icon turns red on hover. */
  destructive?: boolean;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
};

export const IconButton = ({
  label,
  variant = 'ghost',
  destructive = false,
  className,
  type = 'button',
  children,
  ...rest
}: IconButtonProps) => (
  <button
    type={type}
    aria-label={label}
    title={label}
    className={cx(styles.button, styles[variant], styles.icon, destructive && styles.destructive, className)}
    {...rest}
  >
    {children}
  </button>
);
