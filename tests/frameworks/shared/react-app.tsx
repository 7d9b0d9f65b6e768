import { type ComponentType, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadEmbeds } from './embeds.js';

/**
 * The React apps' shell (react/, react-wrappers/): a page with the elements, another page of the
 * app to leave to and come back from, and the events heard. Mounted into #app, then the embeds load.
 */
export function mountReactApp(PageA: ComponentType<{ onEvent: (text: string) => void }>): void {
  function App() {
    const [page, setPage] = useState<'a' | 'b'>('a');
    const [events, setEvents] = useState<string[]>([]);
    return (
      <main>
        <nav>
          <button id="leave" type="button" onClick={() => setPage('b')}>
            Other page
          </button>
          <button id="back" type="button" onClick={() => setPage('a')}>
            Back
          </button>
        </nav>
        {page === 'a' ? (
          <PageA onEvent={(text) => setEvents((all) => [...all, text])} />
        ) : (
          <p id="page-b">Another page of the app</p>
        )}
        <output id="events">{events.join(' ')}</output>
      </main>
    );
  }
  const root = document.getElementById('app');
  if (root) {
    createRoot(root).render(<App />);
    requestAnimationFrame(() => loadEmbeds());
  }
}
