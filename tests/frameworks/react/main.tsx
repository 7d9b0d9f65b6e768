import { useState } from 'react';
import { ORDER_NO } from '../shared/embeds.js';
import { mountReactApp } from '../shared/react-app.tsx';

// React 19: properties and `on<event>` handlers straight on the tags, no wrapper.
function PageA({ onEvent }: { onEvent: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <section id="page-a">
      <button id="open-chat" type="button" onClick={() => setOpen(true)}>
        Open the chat
      </button>
      <lp-chat-widget
        position="bottom-left"
        open={open}
        onlp-chat-toggle={(event: CustomEvent<{ open: boolean }>) => {
          setOpen(event.detail.open);
          onEvent(`toggle:${event.detail.open}`);
        }}
      />
      <lp-order-status order-no={ORDER_NO} locale="en" />
      <lp-customer-switcher />
    </section>
  );
}

mountReactApp(PageA);
