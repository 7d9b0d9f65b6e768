import { useState } from 'react';
// made from custom-elements.json by custom-element-react-wrappers (build.mjs)
import { LpChatWidget, LpCustomerSwitcher, LpOrderStatus } from '../.build/react-wrappers-source/index.js';
import { ORDER_NO } from '../shared/embeds.js';
import { mountReactApp } from '../shared/react-app.tsx';

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

mountReactApp(PageA);
