import '../i18n';
import { App, Form, Input, InputNumber, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownLocally } from '../../../shared/api';
import { formatMoney } from '../../../shared/format';
import { useCurrentClubId } from '../../../shared/session';
import { useCashMove, useCashPeriod } from '../api';
import { CashDialog } from '../components/CashDialog';
import { cashErrorText } from '../errors';
import styles from '../cash.module.css';

type Direction = 'in' | 'out';

/** Side-menu dialog "cashmovement": cash put into the box or taken out (sent as a negative amount), with a note. */
export default function CashMovementPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const club = useCurrentClubId();
  const period = useCashPeriod(club);
  const move = useCashMove(club);
  const [open, setOpen] = useState(true);
  const [direction, setDirection] = useState<Direction>('in');
  const [amount, setAmount] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = period.data?.summary.cash_box_total_amount ?? 0;
  const sep = i18n.language === 'en' ? '.' : ',';

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
      <Form layout="vertical" requiredMark={false} className={styles.moveForm}>
        <Form.Item htmlFor="move-amount-input" label={t('cash.move.amount')} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <InputNumber
            size="large"
            min={0}
            precision={2}
            decimalSeparator={sep}
            suffix="€"
            autoFocus
            className={styles.full}
            value={amount}
            onChange={(v) => {
              setAmount(typeof v === 'number' ? v : null);
              setError(null);
            }}
            onPressEnter={save}
            id="move-amount-input"
            data-testid="move-amount"
          />
        </Form.Item>
        <Form.Item htmlFor="move-note-input" label={t('cash.move.note')}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} value={note} onChange={(e) => setNote(e.target.value)} id="move-note-input" data-testid="move-note" />
        </Form.Item>
      </Form>
    </CashDialog>
  );
}
