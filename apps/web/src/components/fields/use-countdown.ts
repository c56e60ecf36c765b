import { useCallback, useEffect, useState } from 'react';

/** Seconds left before something may be done again; start(n) begins counting down from n, once a second. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(Math.max(0, Math.floor(seconds))), []);
  return { left, start };
}
