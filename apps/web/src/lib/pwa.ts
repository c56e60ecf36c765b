/**
 * Installable app: registers the service worker (built as /sw.js) and, when a new version's worker is
 * installed and waiting, calls `onUpdate`; `applyUpdate` lets it take over and reloads once. The spec §4
 * version check (an API envelope with a new version) asks the worker to look for the update first, so
 * the reload after its warning opens the new shell.
 */
let registration: ServiceWorkerRegistration | null = null;

export function registerServiceWorker(onUpdate: () => void) {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((reg) => {
        registration = reg;
        const hadController = !!navigator.serviceWorker.controller;
        if (reg.waiting && hadController) onUpdate();
        reg.addEventListener('updatefound', () => {
          const next = reg.installing;
          next?.addEventListener('statechange', () => {
            // A first install is not an update: there was no older shell on screen.
            if (next.state === 'installed' && navigator.serviceWorker.controller) onUpdate();
          });
        });
      })
      .catch(() => undefined);
    let reloaded = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloaded || !waitingAccepted) return;
      reloaded = true;
      window.location.reload();
    });
  });
}

let waitingAccepted = false;
export function applyUpdate() {
  waitingAccepted = true;
  if (registration?.waiting) registration.waiting.postMessage('skip-waiting');
  else window.location.reload();
}

/** Asks the browser to fetch the newest worker now (after the server reported a new version). */
export async function checkForUpdate(): Promise<void> {
  await registration?.update().catch(() => undefined);
}

/** The manifest in the language in use (names in both languages). */
export function setManifestLanguage(lang: 'zh_CN' | 'en') {
  const link = document.getElementById('manifest') as HTMLLinkElement | null;
  if (link) link.href = lang === 'en' ? '/manifest.en.webmanifest' : '/manifest.webmanifest';
}
