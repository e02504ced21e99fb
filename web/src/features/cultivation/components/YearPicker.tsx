import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { todayInDisplayZone } from '../../../shared/format/dayjs';
import styles from '../cultivation.module.css';

/** This year on the club's calendar. */
export const thisYear = () => Number(todayInDisplayZone().slice(0, 4));

/** A year: the one before and after at a click, or any of the last ten from the list; never a future year. */
export function YearPicker({ value, onChange, testId }: { value: number; onChange: (y: number) => void; testId: string }) {
  const { t } = useTranslation();
  const last = thisYear();
  const years = Array.from({ length: 11 }, (_, i) => last - i);
  if (!years.includes(value)) years.push(value);
  return (
    <Space.Compact className={styles.yearPicker}>
      <Button size="large" icon={<LeftOutlined />} aria-label={t('cultivation.common.yearBefore')} onClick={() => onChange(value - 1)} disabled={value <= 2000} />
      <Select
        size="large"
        value={value}
        onChange={onChange}
        options={years.map((y) => ({ value: y, label: String(y) }))}
        aria-label={t('cultivation.common.year')}
        className={styles.yearSelect}
        data-testid={testId}
      />
      <Button size="large" icon={<RightOutlined />} aria-label={t('cultivation.common.yearAfter')} onClick={() => onChange(value + 1)} disabled={value >= last} />
    </Space.Compact>
  );
}
