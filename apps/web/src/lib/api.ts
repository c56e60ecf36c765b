import * as feedback from './feedback.ts';
import { config } from './config.ts';
import { storage } from './app-storage.ts';
import { createClient } from './request.ts';
import { createVersionCheck } from './version.ts';
import { checkForUpdate } from './pwa.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { nav } from './nav.ts';
import { paths } from './paths.ts';

const checkVersion = createVersionCheck({
  storage,
  warn: () => feedback.alert(i18n.t('common.warning'), i18n.t('common.versionUpdated'), i18n.t('common.confirm'), true),
  // Fetch the new app shell first, so the reload opens the new version even when it is served offline-first.
  reload: () => void checkForUpdate().finally(() => window.location.reload()),
});

export const api = createClient({
  storage,
  secret: config.signSecret,
  language: currentLanguage,
  ui: {
    toast: (text) => feedback.toast(text),
    tip: (text) => feedback.alert(i18n.t('common.tip'), text, i18n.t('common.confirm')),
    loading: (on) => feedback.loading(on, i18n.t('common.loading')),
  },
  onUnauthorized: () => {
    if (!window.location.hash.includes(paths.infoEdit)) nav.navigateTo(paths.infoEdit, { isLogin: 1 });
  },
  onGoBack: () => nav.navigateBack(),
  onVersion: checkVersion,
});
