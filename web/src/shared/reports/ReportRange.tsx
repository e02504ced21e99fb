import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import dayjs from '../format/dayjs';
import { clubDate, dayEnd, dayStart } from './clubDays';
import styles from './reports.module.css';
import './i18n';
import { dateFormat } from '../format';

/** A report's period in Unix seconds, both ends included. */
export interface Period {
  start: number;
  end: number;
}

/** The reports' default period (spec part 2 §9): the last 7 days up to now. */
export function lastWeek(): Period {
  const now = dayjs();
  return { start: now.subtract(7, 'day').unix(), end: now.unix() };
}

/**
 * The period picker of the report headers: from–to, with times when the report reads date-times;
 * without times a day runs 00:00:00–23:59:59. Weeks start on Monday (the locales of all seven
 * languages), and days after today cannot be picked. With `clubDays` the days are the club's
 * (its time zone's midnights, and its today), whatever the browser's zone.
 */
export function ReportRange({
  value,
  onChange,
  showTime,
  disabled,
  clubDays,
}: {
  value: Period;
  onChange: (p: Period) => void;
  showTime?: boolean;
  disabled?: boolean;
  clubDays?: boolean;
}) {
  const { t } = useTranslation();
  // with clubDays the picker shows the club's dates as the browser's, and hands back the club's day bounds
  const shown = (s: number) => (clubDays ? dayjs(clubDate(s)) : dayjs.unix(s));
  const bounds = (a: Dayjs, b: Dayjs): Period =>
    clubDays
      ? { start: dayStart(a.format('YYYY-MM-DD')), end: dayEnd(b.format('YYYY-MM-DD')) }
      : { start: a.startOf('day').unix(), end: b.endOf('day').unix() };
  const now = clubDays ? shown(dayjs().unix()) : dayjs();
  const presets: { label: string; value: [Dayjs, Dayjs] }[] = [
    { label: t('report.presets.today'), value: [now.startOf('day'), now] },
    { label: t('report.presets.week'), value: [now.subtract(7, 'day'), now] },
    { label: t('report.presets.thisMonth'), value: [now.startOf('month'), now] },
    { label: t('report.presets.lastMonth'), value: [now.subtract(1, 'month').startOf('month'), now.subtract(1, 'month').endOf('month')] },
  ];
  return (
    <DatePicker.RangePicker
      size="large"
      className={styles.range}
      value={[shown(value.start), shown(value.end)]}
      showTime={showTime ? { format: 'HH:mm' } : false}
      format={showTime ? `${dateFormat()} HH:mm` : dateFormat()}
      allowClear={false}
      disabled={disabled}
      presets={presets}
      disabledDate={(d) => d.isAfter(now, 'day')}
      placeholder={[t('report.rangeStart'), t('report.rangeEnd')]}
      aria-label={t('report.range')}
      onChange={(v) => {
        if (!v?.[0] || !v[1]) return;
        onChange(showTime ? { start: v[0].unix(), end: v[1].unix() } : bounds(v[0], v[1]));
      }}
      data-testid="report-range"
    />
  );
}
