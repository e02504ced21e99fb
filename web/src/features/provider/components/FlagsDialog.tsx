import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText, shownLocally } from '../../../shared/api';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { useApp } from '../../../shared/ui/useApp';
import { useSetClubFlags, type ProviderClub } from '../api';
import { ALL_FLAGS, normaliseFlags, sameFlags } from '../model';
import styles from '../provider.module.css';
import { FlagChecklist } from './FlagChecklist';
import { FormSheet } from '../../../shared/ui/FormSheet';

/** The club's feature flags, a checkbox each; saving sends the whole set. */
export function FlagsDialog({ open, onClose, afterClose, club }: DialogProps & { club: ProviderClub }) {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const save = useSetClubFlags();
  const initial = normaliseFlags(club.flags ?? []);
  const [flags, setFlags] = useState<string[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const unchanged = sameFlags(flags, initial);

  const submit = () => {
    if (unchanged || save.isPending) return;
    setError(null);
    save.mutate(
      { id: club.id, flags: normaliseFlags(flags) },
      {
        onSuccess: () => {
          message.success({ content: t('provider.flagsDialog.saved', { club: club.title }), key: 'provider-flags', duration: 3 });
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
      title={t('provider.flagsDialog.title', { club: club.title })}
      lead={t('provider.flagsDialog.lead')}
      error={error}
      submitText={t('provider.flagsDialog.save')}
      submitDisabled={unchanged}
      loading={save.isPending}
      onSubmit={submit}
      testId="provider-flags"
      width={680}
    >
      <p className={styles.flagCount} aria-live="polite" data-testid="provider-flags-count">
        {t('provider.flagsDialog.count', { on: normaliseFlags(flags).length, all: ALL_FLAGS.length })}
        {unchanged && <span className={styles.unchanged}> · {t('provider.flagsDialog.unchanged')}</span>}
      </p>
      <FlagChecklist value={flags} onChange={setFlags} testId="provider-flags-list" />
    </FormSheet>
  );
}
