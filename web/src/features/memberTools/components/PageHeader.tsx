import type { ReactNode } from 'react';
import styles from '../memberTools.module.css';

/** Title, one line saying what the screen is for, and the screen's main actions. */
export function PageHeader({ icon, title, subtitle, extra }: { icon: ReactNode; title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={styles.headerIcon} aria-hidden="true">
        {icon}
      </div>
      <div className={styles.headerText}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {extra && <div className={styles.headerExtra}>{extra}</div>}
    </header>
  );
}
