import { Empty, Skeleton, type SkeletonProps } from 'antd';
import type { ReactNode } from 'react';
import styles from './layout.module.css';

/** Skeleton rows shown in a table before its first page arrives. */
export function TableSkeleton({ rows = 6, avatar }: { rows?: number; avatar?: SkeletonProps['avatar'] }) {
  return (
    <div className={styles.skeletonRows} data-testid="table-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} avatar={avatar} title={false} paragraph={{ rows: 1, width: '100%' }} active />
      ))}
    </div>
  );
}

/**
 * An empty table: a picture, what is missing and what to do next (an action below). Give the
 * picture the `emptyIcon` class of layout.module.css for the screens' usual size and tone.
 */
export function TableEmpty({
  image,
  title,
  help,
  action,
  testId,
}: {
  image: ReactNode;
  title: ReactNode;
  help: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Empty
      className={styles.empty}
      image={image}
      description={
        <div className={styles.emptyText} data-testid={testId}>
          <strong>{title}</strong>
          <span>{help}</span>
        </div>
      }
    >
      {action}
    </Empty>
  );
}
