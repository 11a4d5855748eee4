import { createRoot } from 'react-dom/client';
import { portalImplementations } from './app/actors';
import { lazyApiClients } from './app/lazy-api-clients';
import { createPortalActor, type CreatePortalActorOptions } from './app/create-portal-actor';
import { PortalApp } from './app/portal-app';

async function boot() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks the #root element');

  // The Stately inspector only in development, and only when asked for: the dynamic import keeps
  // it (and its dependencies) out of the production bundle.
  let inspect: CreatePortalActorOptions['inspect'];
  if (import.meta.env.DEV && import.meta.env.VITE_INSPECT) {
    const { createPortalInspector } = await import('./app/inspect');
    inspect = createPortalInspector().inspect;
  }

  const actor = createPortalActor({ implementations: portalImplementations(lazyApiClients), inspect });
  actor.start();
  createRoot(root).render(<PortalApp actor={actor} />);
}

void boot();
