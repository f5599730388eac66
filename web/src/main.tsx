import './lib/no-eval.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createQueryClient, createSignedOutHandler } from './lib/query-client.ts';
import { browserSession } from './lib/session.ts';
import { isPrerenderedSignInShowing } from './prerender/takeover.ts';
import { createAppRouter } from './router.ts';

const session = browserSession;
const queryClient = createQueryClient({ onUnauthorized: createSignedOutHandler(session) });
const router = createAppRouter({ queryClient, session });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition, so React renders the first page in slices between which the browser can answer input, rather than
// in one long task.
const render = () =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );

// Over the pre-rendered sign-in screen, the first commit must be the whole page: React empties #root when it first
// commits, and an empty frame while the route's data and code load would be a blank flash. So load first.
if (isPrerenderedSignInShowing()) void router.load().finally(render);
else render();
