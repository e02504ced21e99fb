import '../i18n';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownLocally } from '../../../shared/api';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { useCurrentClubId } from '../../../shared/session';
import { useCashPeriod, useCloseRegister } from '../api';
import { AmountNoteFields } from '../components/AmountNoteFields';
import { CashDialog } from '../components/CashDialog';
import { cashErrorText } from '../errors';
import styles from '../cash.module.css';

/**
 * Side-menu dialog "closeregister": what the box should hold, the amount counted and an optional
 * note; the difference (counted − total) shows before confirming. The close ends the period and
 * the next starts with the counted amount.
 */
export default function CloseRegisterPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const club = useCurrentClubId();
  const period = useCashPeriod(club);
  const close = useCloseRegister(club);
  const [open, setOpen] = useState(true);
  const [counted, setCounted] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const total = period.data?.summary.total_amount ?? 0;
  const first = period.data?.summary.first_movement ?? 0;
  const difference = counted === null ? null : Math.round((counted - total) * 100) / 100;

  const confirm = () => {
    if (counted === null) {
      setError(t('cash.close.countedRequired'));
      return;
    }
    modal.confirm({
      centered: true,
      title: t('cash.close.confirmTitle'),
      content: t('cash.close.confirmBody', { counted: formatMoney(counted), difference: formatMoney(difference ?? 0) }),
      okText: t('cash.close.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'close-confirm' },
      onOk: () =>
        close.mutateAsync({ current_amount: counted, note }).then(
          (c) => {
            message.success(t('cash.close.done', { difference: formatMoney(c.difference) }), 4);
            setOpen(false);
          },
          (e) => {
            if (shownLocally(e)) setError(cashErrorText(e, t, i18n));
          },
        ),
    });
  };

  return (
    <CashDialog
      open={open}
      onClose={() => setOpen(false)}
      title={t('cash.close.title')}
      width={520}
      box={
        period.data ? (
          <div className={styles.boxLine}>
            <span>{t('cash.close.expected')}</span>
            <strong data-testid="close-expected">{formatMoney(total)}</strong>
          </div>
        ) : null
      }
      confirm={{ text: t('cash.close.ok'), onClick: confirm, loading: close.isPending, testId: 'close-submit' }}
      testId="close-register-page"
    >
      <p className={styles.muted}>
        {first
          ? t('cash.close.since', { date: formatDateTime(first) })
          : t('cash.cards.noMovements')}
      </p>
      <AmountNoteFields
        id="close"
        amountLabel={t('cash.close.counted')}
        amountTestId="close-counted"
        noteLabel={t('cash.close.note')}
        amount={counted}
        onAmount={(v) => {
          setCounted(v);
          setError(null);
        }}
        note={note}
        onNote={setNote}
        error={error}
        onEnter={confirm}
      />
      <div className={`${styles.boxLine} ${difference === null ? '' : difference < 0 ? styles.negative : difference > 0 ? styles.positive : ''}`}>
        <span>{t('cash.close.difference')}</span>
        <strong data-testid="close-difference">{difference === null ? '—' : formatMoney(difference)}</strong>
      </div>
    </CashDialog>
  );
}
