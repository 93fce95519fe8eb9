import type { ReactNode } from 'react';
import { paths } from '@/lib/paths';
import formStyles from '@/ui/form.module.css';

type FooterLinkProps = {
  /** Asked before the link: 'Нет аккаунта?'. */
  question?: string;
  to: string;
  children: ReactNode;
};

/**
 * Under the card of an account screen: the way to the neighbouring one. A plain link (a new
 * document): /login is its own small page, not a route of the app (docs/decisions.md).
 */
export const FooterLink = ({ question, to, children }: FooterLinkProps) => (
  <>
    {question && `${question} `}
    <a href={to} className={formStyles.link}>
      {children}
    </a>
  </>
);

export const BackToLoginLink = () => <FooterLink to={paths.login}>Вернуться ко входу</FooterLink>;
