import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './print.module.css';

/**
 * Content for the printer only (a QR code and its title): kept out of sight on screen and, while
 * printing, the only thing on the page. `title` is printed large under the children.
 */
export function PrintOnly({ children, title, testId }: { children: ReactNode; title?: ReactNode; testId?: string }) {
  return createPortal(
    <div className={styles.printArea} data-testid={testId}>
      {children}
      {title && <div className={styles.printTitle}>{title}</div>}
    </div>,
    document.body,
  );
}
