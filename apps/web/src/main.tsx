import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import { initI18n } from './lib/i18n.ts';
import './styles.css';
import { App } from './app/app.tsx';
import { enableStorageEncryption } from './lib/app-storage.ts';

// antd-mobile's imperative Toast/Dialog need a React 19 renderer.
unstableSetRender((node, container) => {
  const c = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
  c._reactRoot ??= createRoot(c);
  const root = c._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    root.unmount();
  };
});

void enableStorageEncryption()
  .then(initI18n)
  .then(() => createRoot(document.getElementById('root')!).render(<App />));
