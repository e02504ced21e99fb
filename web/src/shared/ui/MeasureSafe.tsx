import { useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './ui.module.css';

/**
 * Wraps a table column title that holds a control (the "select all" checkbox). The table also
 * renders every title, hidden, in the row it measures column widths with (aria-hidden); there
 * the copy is made inert, so keyboard and screen-reader users never land on an invisible control.
 */
export function MeasureSafe({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el?.closest('[aria-hidden="true"]')) el.inert = true;
  }, []);
  return (
    <span ref={ref} className={styles.contents}>
      {children}
    </span>
  );
}
