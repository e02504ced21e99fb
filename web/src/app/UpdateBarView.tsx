import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './app.module.css';

/** The update-available banner; loaded only when the server has a newer version. */
export default function UpdateBarView({ version }: { version: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.updateBar} data-testid="update-bar" role="status">
      <Alert
        banner
        type="info"
        showIcon
        title={t('update.available', { version })}
        action={
          <Button size="small" type="primary" data-testid="update-reload" onClick={() => window.location.reload()}>
            {t('update.reload')}
          </Button>
        }
      />
    </div>
  );
}
