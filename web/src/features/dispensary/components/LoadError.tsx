import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import layout from '../../../shared/ui/layout.module.css';

/** The dispensary's products could not be read: say so, and offer to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Empty
      className={layout.empty}
      description={
        <div className={layout.emptyText}>
          <strong>{t('dispensary.common.loadError')}</strong>
        </div>
      }
    >
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </Empty>
  );
}
