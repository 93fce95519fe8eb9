import './ui/fonts.css';
import './ui/tokens.css';
import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from './lib/paths';
import { appStorage } from './lib/storage';
import { LoginPage } from './features/accounts/pages/login-page';

/**
 * The entry of /login (login.html): the sign-in page alone, without the app's router, query cache
 * and feature code, which load after signing in (docs/decisions.md, "The sign-in page").
 */
const root = document.getElementById('root');
if (!root) throw new Error('login.html has no #root element');

// A signed-in user who opens /login goes to the main page (docs/product.md §2.1).
if (appStorage.hasToken()) window.location.replace(paths.home);
else {
  createRoot(root).render(
    <StrictMode>
      <LoginPage />
    </StrictMode>,
  );
}
