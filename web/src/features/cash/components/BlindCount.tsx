import { Form, InputNumber, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { COINS, countCents, lineCents, NOTES, toEuros, type Counts } from '../count';
import styles from '../cash.module.css';

export type CountMode = 'total' | 'pieces';

interface Props {
  mode: CountMode;
  onMode: (m: CountMode) => void;
  total: number | null;
  onTotal: (v: number | null) => void;
  counts: Counts;
  onCounts: (c: Counts) => void;
  error: string | null;
  onEnter: () => void;
}

/**
 * The blind count: the cash in the box typed as a total, or by notes and coins (their sum is the
 * count). Nothing here says what the box should hold.
 */
export function BlindCount({ mode, onMode, total, onTotal, counts, onCounts, error, onEnter }: Props) {
  const { t, i18n } = useTranslation();
  const decimal = i18n.language === 'en' ? '.' : ',';
  const sum = toEuros(countCents(counts));
  const enter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
    }
  };
  const denomination = (cents: number) => (
    <div key={cents} className={styles.pieceRow}>
      <label htmlFor={`count-${cents}`} className={styles.pieceLabel}>
        {formatMoney(toEuros(cents)).replace(/[.,]00(?=\D*$)/, '')}
      </label>
      <InputNumber
        id={`count-${cents}`}
        min={0}
        max={100000}
        precision={0}
        inputMode="numeric"
        placeholder="0"
        value={counts[cents] ?? null}
        onChange={(v) => onCounts({ ...counts, [cents]: typeof v === 'number' ? v : null })}
        onKeyDown={enter}
        aria-label={t('cash.close.piecesOf', { value: formatMoney(toEuros(cents)) })}
        className={styles.pieceInput}
        data-testid={`count-${cents}`}
      />
      <span className={styles.pieceAmount}>{lineCents(cents, counts[cents]) ? formatMoney(toEuros(lineCents(cents, counts[cents]))) : ''}</span>
    </div>
  );
  return (
    <Form layout="vertical" requiredMark={false} className={styles.countForm}>
      <Segmented<CountMode>
        block
        value={mode}
        onChange={onMode}
        options={[
          { value: 'total', label: <span data-testid="count-mode-total">{t('cash.close.mode.total')}</span> },
          { value: 'pieces', label: <span data-testid="count-mode-pieces">{t('cash.close.mode.pieces')}</span> },
        ]}
      />
      {mode === 'total' ? (
        <Form.Item htmlFor="close-amount-input" label={t('cash.close.counted')} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <InputNumber
            size="large"
            min={0}
            precision={2}
            decimalSeparator={decimal}
            suffix="€"
            autoFocus
            className={styles.full}
            value={total}
            onChange={(v) => onTotal(typeof v === 'number' ? v : null)}
            onKeyDown={enter}
            id="close-amount-input"
            data-testid="close-counted"
          />
        </Form.Item>
      ) : (
        <>
          <div className={styles.pieces} data-testid="count-pieces">
            <fieldset className={styles.pieceGroup}>
              <legend>{t('cash.close.notes')}</legend>
              {NOTES.map(denomination)}
            </fieldset>
            <fieldset className={styles.pieceGroup}>
              <legend>{t('cash.close.coins')}</legend>
              {COINS.map(denomination)}
            </fieldset>
          </div>
          <div className={`${styles.boxLine} ${error ? styles.negative : ''}`}>
            <span>{t('cash.close.countedTotal')}</span>
            <strong data-testid="count-sum">{formatMoney(sum)}</strong>
          </div>
          {error && (
            <p className={styles.negative} role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </Form>
  );
}
