import { useSyncExternalStore } from 'react';

/** Live result of a CSS media query, read synchronously so the first paint is already right. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : true),
    () => true,
  );
}

/** The layout breakpoint of the design: below 992 px the menu folds behind the burger. */
export const DESKTOP_QUERY = '(min-width: 992px)';

export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
