import { StorageKey, type AppStorage } from './storage.ts';

/**
 * Spec §4: the first version seen is stored; when a later answer carries another one, a blocking
 * 'Warning' modal says the app was updated, and on confirm the new version is stored and the page reloads.
 */
export function createVersionCheck(deps: { storage: AppStorage; warn: () => Promise<void>; reload: () => void }) {
  let prompting = false;
  return function check(version: string) {
    if (!version) return;
    const stored = deps.storage.get<string>(StorageKey.VERSION);
    if (!stored) {
      deps.storage.set(StorageKey.VERSION, version);
      return;
    }
    if (stored === version || prompting) return;
    prompting = true;
    void deps.warn().then(() => {
      deps.storage.set(StorageKey.VERSION, version);
      deps.reload();
    });
  };
}
