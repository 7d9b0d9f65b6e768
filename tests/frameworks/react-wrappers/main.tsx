import { useState } from 'react';
import { createRoot } from 'react-dom/client';
// made from custom-elements.json by custom-element-react-wrappers (build.mjs)
import { LpChatWidget, LpCustomerSwitcher, LpOrderStatus } from '../.build/react-wrappers-source/index.js';
import { loadEmbeds, ORDER_NO } from '../shared/embeds.js';

// The wrappers: camel-case props and `on<Event>` handlers, mapped to the tags' attributes and events.
function PageA({ onEvent }: { onEvent: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <section id="page-a">
      <button id="open-chat" type="button" onClick={() => setOpen(true)}>
        Open the chat
      </button>
      <LpChatWidget
        position="bottom-left"
        open={open}
        onLpChatToggle={(event: CustomEvent<{ open: boolean }>) => {
          setOpen(event.detail.open);
          onEvent(`toggle:${event.detail.open}`);
        }}
      />
      <LpOrderStatus orderNo={ORDER_NO} locale="en" />
      <LpCustomerSwitcher />
    </section>
  );
}

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
