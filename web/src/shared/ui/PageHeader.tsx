import type { ReactNode } from 'react';
import styles from './layout.module.css';

export interface PageHeaderProps {
  title: ReactNode;
  /** The line under the title: what the screen is for, or what it holds. */
  subtitle?: ReactNode;
  /** More under the title, after the subtitle (a hint). */
  children?: ReactNode;
  /** Above the title, in its block (a back link). */
  above?: ReactNode;
  /** Beside the title, before it (a round back button). */
  start?: ReactNode;
  /** The screen's main actions, at the end of the header. */
  actions?: ReactNode;
  /** A class for the header, e.g. to set --page-title-size on narrow screens. */
  className?: string;
  titleBlockClassName?: string;
  /** A class for the actions (how they behave on narrow screens). */
  actionsClassName?: string;
  titleTestId?: string;
  subtitleTestId?: string;
}

/** The header of a staff screen: its title and subtitle, and its main actions at the end. */
export function PageHeader({
  title,
  subtitle,
  children,
  above,
  start,
  actions,
  className,
  titleBlockClassName,
  actionsClassName,
  titleTestId,
  subtitleTestId,
}: PageHeaderProps) {
  const titleBlock = (
    <div className={titleBlockClassName}>
      {above}
      <h1 className={styles.pageTitle} data-testid={titleTestId}>
        {title}
      </h1>
      {subtitle !== undefined && (
        <p className={styles.pageSubtitle} data-testid={subtitleTestId}>
          {subtitle}
        </p>
      )}
      {children}
    </div>
  );
  return (
    <header className={className ? `${styles.pageHeader} ${className}` : styles.pageHeader}>
      {start ? (
        <div className={styles.pageHeading}>
          {start}
          {titleBlock}
        </div>
      ) : (
        titleBlock
      )}
      {actions && <div className={actionsClassName ? `${styles.headerActions} ${actionsClassName}` : styles.headerActions}>{actions}</div>}
    </header>
  );
}
