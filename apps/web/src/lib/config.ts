/**
 * Runtime configuration the server writes into index.html (<meta name="pinyou-config">), so one build
 * works with any signing secret. The development default matches the server's documented dev secret.
 */
export interface AppConfig {
  signSecret: string;
  version: string;
  encryptStorage?: boolean;
  wechatAppId?: string;
}

function read(): AppConfig {
  const meta = typeof document !== 'undefined' ? document.querySelector('meta[name="pinyou-config"]') : null;
  const fallback: AppConfig = { signSecret: 'pinyou-dev-sign-secret-change-me', version: 'dev' };
  if (!meta) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(meta.getAttribute('content') ?? '{}') as Partial<AppConfig>) };
  } catch {
    return fallback;
  }
}

export const config: AppConfig = read();
