import { Link, type LinkProps } from 'react-router';
import type { ButtonVariant } from './button';
import styles from './button.module.css';
import { cx } from './cx';

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant };

/**
 * A link in the look of a button, for a step that opens another page ('На главную'). Apart from
 * Button so the sign-in page, which has no router, does not load it.
 */
export const ButtonLink = ({ variant = 'primary', className, ...rest }: ButtonLinkProps) => (
  <Link className={cx(styles.button, styles[variant], className)} {...rest} />
);
