import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalSeparator } from '../../../shared/format';
import styles from '../cash.module.css';

interface Props {
  /** Prefix of the fields' ids and test ids: `${id}-amount`, `${id}-note`. */
  id: string;
  amountLabel: string;
  noteLabel: string;
  amount: number | null;
  onAmount: (v: number | null) => void;
  note: string;
  onNote: (v: string) => void;
  error: string | null;
  onEnter: () => void;
  /** The amount field's test id, where it differs from `${id}-amount`. */
  amountTestId?: string;
  className?: string;
}

/** The euro amount (two decimals, the language's separator) and the optional note of the cash dialogs. */
export function AmountNoteFields({ id, amountLabel, noteLabel, amount, onAmount, note, onNote, error, onEnter, amountTestId, className }: Props) {
  useTranslation(); // the separator follows a change of language
  return (
    <Form layout="vertical" requiredMark={false} className={className}>
      <Form.Item htmlFor={`${id}-amount-input`} label={amountLabel} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
        <InputNumber
          size="large"
          min={0}
          precision={2}
          decimalSeparator={decimalSeparator()}
          suffix="€"
          autoFocus
          className={styles.full}
          value={amount}
          onChange={(v) => onAmount(typeof v === 'number' ? v : null)}
          onPressEnter={onEnter}
          id={`${id}-amount-input`}
          data-testid={amountTestId ?? `${id}-amount`}
        />
      </Form.Item>
      <Form.Item htmlFor={`${id}-note-input`} label={noteLabel}>
        <Input.TextArea
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={note}
          onChange={(e) => onNote(e.target.value)}
          id={`${id}-note-input`}
          data-testid={`${id}-note`}
        />
      </Form.Item>
    </Form>
  );
}
