import { useState } from 'react';
import { currentLanguage, setLanguage } from '../lib/i18n.ts';

/**
 * The language switch where a first-time visitor looks (home, login): it names the other language in
 * that language, so a reader of either can find it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const [lang, setLang] = useState(currentLanguage());
  const other = lang === 'zh_CN' ? 'en' : 'zh_CN';
  return (
    <button
      type="button"
      className={`lang-switch ${className ?? ''}`}
      lang={other === 'en' ? 'en' : 'zh-CN'}
      aria-label={other === 'en' ? 'Switch to English' : '切换到简体中文'}
      onClick={() => {
        void setLanguage(other).then(() => setLang(other));
      }}
      data-testid="language-switch"
    >
      {other === 'en' ? 'English' : '简体中文'}
    </button>
  );
}
