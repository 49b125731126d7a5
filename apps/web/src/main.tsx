import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, routerReady } from './app/providers.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A pre-rendered page (/, /login, /register) stays on screen until the app can render the same
// page: the first render waits for the page's route code, and runs as a transition, which React
// splits into short tasks so the phone stays responsive, replacing the markup in one commit.
// (Not a top-level await: the route chunks import this bundle, which must finish evaluating first.)
void routerReady().then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders />
      </StrictMode>,
    );
  }),
);
