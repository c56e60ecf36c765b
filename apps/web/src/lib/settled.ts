import { useEffect } from 'react';

/**
 * Tells the screen once a lazily loaded part's requests have answered (or failed): the home screen holds what is
 * below its banners and notices until then, so nothing is pushed down as they arrive (app/screens/home.screen.tsx).
 */
export function useTellSettled(settled: boolean, onSettled?: () => void) {
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
}
