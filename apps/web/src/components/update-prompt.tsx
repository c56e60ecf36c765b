import { useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { applyUpdate, registerServiceWorker } from '../lib/pwa.ts';

let ready = false;
const listeners = new Set<() => void>();
registerServiceWorker(() => {
  ready = true;
  listeners.forEach((l) => l());
});
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

/** "A new version is ready · Update": shown when a newer app shell is installed and waiting. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const show = useSyncExternalStore(subscribe, () => ready);
  if (!show) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span>{t('state.updateReady')}</span>
      <button type="button" className="btn-retry" onClick={applyUpdate}>
        {t('state.updateNow')}
      </button>
    </div>
  );
}
