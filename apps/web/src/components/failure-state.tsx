import { useTranslation } from '../lib/translation.ts';
import { ApiError } from '../lib/request.ts';

/** True when the failure is the network or the server (no answer, 5xx), not a rule the server applied. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.code === -1;
}

/**
 * What a screen shows when its data could not be loaded: never an empty state or zeros, since "nothing
 * here" would be a claim the app cannot make. Retry runs the load again.
 */
export function FailureState({ error, onRetry, compact }: { error?: unknown; onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const reason =
    error instanceof ApiError && !isUnreachable(error) && error.message
      ? error.message
      : offline
        ? t('state.failOffline')
        : t('state.failServer');
  return (
    <div className={`failure-state${compact ? ' compact' : ''}`} role="alert" data-testid="failure-state">
      <div className="failure-title">{t('state.failTitle')}</div>
      <div className="failure-text">{reason}</div>
      <button type="button" className="btn-retry" onClick={onRetry} data-testid="retry">
        {t('state.retry')}
      </button>
    </div>
  );
}

/** A thin bar over data that is kept from an earlier load while the latest load failed. */
export function StaleBar({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="stale-bar" role="status" data-testid="stale-bar">
      <span>{t('state.stale')}</span>
      <button type="button" className="btn-link" onClick={onRetry} data-testid="retry">
        {t('state.retry')}
      </button>
    </div>
  );
}
