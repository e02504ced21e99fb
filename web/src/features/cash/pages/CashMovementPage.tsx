import '../i18n';
import { App, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownLocally } from '../../../shared/api';
import { formatMoney } from '../../../shared/format';
import { useCashMove, useCashPeriod } from '../api';
import { AmountNoteFields } from '../components/AmountNoteFields';
import { CashDialog } from '../components/CashDialog';
import { cashErrorText } from '../errors';
import styles from '../cash.module.css';

type Direction = 'in' | 'out';

/** Side-menu dialog "cashmovement": cash put into the box or taken out (sent as a negative amount), with a note. */
export default function CashMovementPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const period = useCashPeriod();
  const move = useCashMove();
  const [open, setOpen] = useState(true);
  const [direction, setDirection] = useState<Direction>('in');
  const [amount, setAmount] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = period.data?.summary.cash_box_total_amount ?? 0;

  const save = () => {
    if (!amount) {
      setError(t('cash.move.amountRequired'));
      return;
    }
    move.mutate(
      { amount: direction === 'out' ? -amount : amount, note },
      {
        onSuccess: () => {
          message.success(direction === 'out' ? t('cash.move.doneOut', { amount: formatMoney(amount) }) : t('cash.move.doneIn', { amount: formatMoney(amount) }), 3);
          setOpen(false);
        },
        onError: (e) => shownLocally(e) && setError(cashErrorText(e, t, i18n)),
      },
    );
  };

  return (
    <CashDialog
      open={open}
      onClose={() => setOpen(false)}
      title={t('cash.move.title')}
      width={480}
      box={
        period.data ? (
          <div className={styles.boxLine}>
            <span>{t('cash.move.box')}</span>
            <strong data-testid="move-box">{formatMoney(box)}</strong>
          </div>
        ) : null
      }
      confirm={{ text: t('cash.move.save'), onClick: save, loading: move.isPending, testId: 'move-submit' }}
      testId="cash-movement-page"
    >
      <Segmented<Direction>
        block
        size="large"
        value={direction}
        onChange={(d) => {
          setDirection(d);
          setError(null);
        }}
        options={[
          { value: 'in', label: t('cash.move.in') },
          { value: 'out', label: t('cash.move.out') },
        ]}
        data-testid="move-direction"
      />
      <AmountNoteFields
        id="move"
        className={styles.moveForm}
        amountLabel={t('cash.move.amount')}
        noteLabel={t('cash.move.note')}
        amount={amount}
        onAmount={(v) => {
          setAmount(v);
          setError(null);
        }}
        note={note}
        onNote={setNote}
        error={error}
        onEnter={save}
      />
    </CashDialog>
  );
}
