import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText, shownLocally } from '../../../shared/api';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { useApp } from '../../../shared/ui/useApp';
import { useSetClubSuspended, type ProviderClub } from '../api';
import styles from '../provider.module.css';
import { FormSheet } from '../../../shared/ui/FormSheet';

/**
 * Asks before suspending a club (naming it, and saying that its staff and members are refused until
 * it is reactivated) or reactivating it.
 */
export function SuspendDialog({ open, onClose, afterClose, club }: DialogProps & { club: ProviderClub }) {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const save = useSetClubSuspended();
  const [error, setError] = useState<string | null>(null);
  const suspend = !club.suspended;
  const kind = suspend ? 'suspendDialog' : 'reactivateDialog';

  const submit = () => {
    if (save.isPending) return;
    setError(null);
    save.mutate(
      { id: club.id, suspended: suspend },
      {
        onSuccess: () => {
          message.success({ content: t(`provider.${kind}.done`, { club: club.title }), key: 'provider-suspend', duration: 3 });
          onClose();
        },
        onError: (e) => {
          if (shownLocally(e)) setError(refusalText(e, t, i18n, 'provider'));
        },
      },
    );
  };

  return (
    <FormSheet scrollBody
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={
        <span className={styles.confirmTitle}>
          {suspend ? <PauseCircleOutlined className={styles.confirmIconDanger} /> : <PlayCircleOutlined className={styles.confirmIconGo} />}
          <span>{t(`provider.${kind}.title`, { club: club.title })}</span>
        </span>
      }
      error={error}
      submitText={t(`provider.${kind}.confirm`)}
      submitDanger={suspend}
      loading={save.isPending}
      onSubmit={submit}
      testId="provider-suspend"
      width={520}
    >
      <div className={styles.confirmBody} data-testid="provider-suspend-text">
        <p>{t(`provider.${kind}.body`)}</p>
        {suspend && <p>{t('provider.suspendDialog.keep')}</p>}
      </div>
    </FormSheet>
  );
}
