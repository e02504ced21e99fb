import { CloseCircleFilled } from '@ant-design/icons';
import styles from './ui.module.css';

/** A light error message block (the login page avoids antd Alert to stay within its budget). */
export function InlineError({ children, testId }: { children: string; testId?: string }) {
  return (
    <div className={styles.inlineError} role="alert" data-testid={testId}>
      <CloseCircleFilled className={styles.inlineErrorIcon} aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
