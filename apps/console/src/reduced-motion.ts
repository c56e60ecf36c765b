import { useSyncExternalStore } from 'react';

/*
 * Whether the person asked their system for less motion (prefers-reduced-motion). The console then turns antd's
 * zoom, slide and fade off: a dialog is at its place and size from its first frame, so nothing moves under a
 * pointer that is already on its way (WCAG 2.3.3). Followed live: the setting can change while the console is open.
 */
const query = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

const subscribe = (changed: () => void) => {
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => query?.matches ?? false);
}
