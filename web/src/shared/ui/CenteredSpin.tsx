import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

/** A loading indicator centred in the space it is given (pure CSS: it shows before antd loads). */
export function CenteredSpin({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullPage ? styles.fullPageCenter : styles.center} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.srOnly}>{t('common.loading')}</span>
    </div>
  );
}
