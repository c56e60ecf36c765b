import { config } from './config.ts';
import { createStorage } from './storage.ts';

/** The app's one storage. Encryption, when the server's config asks for it, is switched on in main.tsx. */
export const storage = createStorage();

export async function enableStorageEncryption() {
  if (!config.encryptStorage) return;
  const { createStorageCipher } = await import('./storage-cipher.ts');
  storage.useCipher(createStorageCipher(`pinyou-storage:${config.signSecret}`));
}
