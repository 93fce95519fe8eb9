import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import formStyles from '@/ui/form.module.css';

type FooterLinkProps = {
  /** Asked before the link: 'Нет аккаунта?'. */
  question?: string;
  to: string;
  children: ReactNode;
};

/** Under the card of an account screen: the way to the neighbouring one. */
export const FooterLink = ({ question, to, children }: FooterLinkProps) => (
  <>
    {question && `${question} `}
    <Link to={to} className={formStyles.link}>
      {children}
    </Link>
  </>
);

export const BackToLoginLink = () => <FooterLink to={paths.login}>Вернуться ко входу</FooterLink>;
