import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n.ts';
// antd-mobile's theme variables before the app's styles, which override some of them (contrast). Its
// imperative Toast/Dialog get their React 19 renderer from a build plugin (vite.config.ts).
import 'antd-mobile/es/global';
import './styles.css';
import { App } from './app/app.tsx';
import { enableStorageEncryption } from './lib/app-storage.ts';
import { opensOnHome, prefetchScreenTable } from './app/router.tsx';
import { sessionCalls } from './lib/session.ts';
import { startHome } from './app/screens/home-start.ts';

prefetchScreenTable(window.location.hash);
void enableStorageEncryption()
  .then(() => {
    if (opensOnHome(window.location.hash)) startHome();
    return initI18n();
  })
  .then(() => {
    const root = createRoot(document.getElementById('root')!);
    // The first render as a transition: React then renders in slices and lets the browser in between
    // (input, painting, the first requests), instead of one long task on a slow phone's main thread.
    startTransition(() => root.render(<App />));
    void sessionCalls();
  });
