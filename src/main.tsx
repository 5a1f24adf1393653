import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import * as z from 'zod/mini';
import { es } from 'zod/locales';
import { App } from './app/app';
import './theme/base.css';

z.config(es());

// A deploy replaces the hashed chunks; a tab still on the old version reloads once to get the new ones.
// Not offline: before the service worker holds the app, a reload there finds no page at all, while
// the screen that failed to load says so and keeps what else is open.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine || sessionStorage.getItem('reloaded-for-stale-chunk')) return;
  sessionStorage.setItem('reloaded-for-stale-chunk', '1');
  event.preventDefault();
  window.location.reload();
});

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
