import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createQueryClient, createSignedOutHandler } from './lib/query-client.ts';
import { browserSession } from './lib/session.ts';
import { createAppRouter } from './router.ts';

const session = browserSession;
const queryClient = createQueryClient({ onUnauthorized: createSignedOutHandler(session) });
const router = createAppRouter({ queryClient, session });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
