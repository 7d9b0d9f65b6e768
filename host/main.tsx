import { createRoot } from 'react-dom/client';
import { t } from '../src/i18n/index.ts';

/** The portal shell. Grows into the routed portal (login, guard, layout, tabs) in issue 4. */
function App() {
  return (
    <main>
      <h1>{t('app.name')}</h1>
      <p>{t('app.fullName')}</p>
    </main>
  );
}

const root = document.getElementById('app');
if (root) createRoot(root).render(<App />);
