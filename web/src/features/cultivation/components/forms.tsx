import { DatePicker, InputNumber, type DatePickerProps, type FormInstance, type InputNumberProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, refusalText, shownLocally } from '../../../shared/api';
import { dateFormat, decimalSeparator } from '../../../shared/format';
import dayjs, { todayInDisplayZone } from '../../../shared/format/dayjs';
import { dayEnd } from '../../../shared/reports';
import { fieldOf, instantOfDay } from '../model';
import styles from '../cultivation.module.css';


/**
 * A form's refusals: the server's message (in the reader's language) on the field it names, else
 * above the form. Session, permission and server failures go to the app's dialogs as everywhere.
 */
export function useRefusal(form: FormInstance, fields: readonly string[], aliases: Record<string, string> = {}) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const show = (e: unknown) => {
    if (!shownLocally(e)) return;
    const text = refusalText(e, t, i18n, 'cultivation');
    const field = fieldOf(isApiError(e) ? e.field : undefined, fields, aliases);
    if (field) {
      setError(null);
      form.setFields([{ name: field, errors: [text] }]);
      form.focusField(field);
    } else setError(text);
  };
  return { error, show, clear: () => setError(null) };
}

/** Today on the club's calendar, as the date pickers hold it. */
export const clubToday = () => dayjs(todayInDisplayZone());

/** The instant sent for a picked day: now for today, else that day's last second on the club's clock. */
export function instantOf(day: Dayjs): number {
  return instantOfDay(day.format('YYYY-MM-DD'), todayInDisplayZone(), dayjs().unix(), dayEnd);
}

/** Whether a day is after today on the club's calendar (the pickers of what already happened refuse it). */
export const afterToday = (d: Dayjs) => d.format('YYYY-MM-DD') > todayInDisplayZone();

/**
 * A date picker in the language's pattern (dd/MM/yyyy, dd.MM.yyyy in German): while its calendar is
 * open Enter only confirms the day; once closed, Enter submits the form like any other field.
 */
export function DayField(props: DatePickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <DatePicker
      format={dateFormat()}
      allowClear={false}
      className={styles.wide}
      {...props}
      onOpenChange={(o) => {
        setOpen(o);
        props.onOpenChange?.(o);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && open) e.preventDefault();
      }}
    />
  );
}

/** A number of grams (up to three decimals) or a percentage (0–100, up to two), in the reader's notation. */
export function AmountField({ unit, ...props }: InputNumberProps<number> & { unit: 'g' | '%' | 'plants' }) {
  const { t } = useTranslation();
  const percent = unit === '%';
  return (
    <InputNumber<number>
      min={0}
      max={percent ? 100 : undefined}
      step={unit === 'plants' ? 1 : percent ? 0.1 : 1}
      precision={unit === 'plants' ? 0 : undefined}
      decimalSeparator={unit === 'plants' ? undefined : decimalSeparator()}
      suffix={unit === 'plants' ? t('cultivation.units.plants') : unit}
      className={styles.wide}
      {...props}
    />
  );
}

/** A typed amount as the server keeps it: grams to the milligram, percentages to the hundredth. */
export function rounded(v: number | null | undefined, decimals: 2 | 3): number | undefined {
  if (v === null || v === undefined || !Number.isFinite(v)) return undefined;
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
}
