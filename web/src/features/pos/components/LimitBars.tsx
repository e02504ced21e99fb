import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format';
import type { Consumption } from '../api';
import styles from '../pos.module.css';

/**
 * The club's legal limits on the member's card: what the member took today, this month and this
 * year against each limit the rule pack sets, and what may still be given today. Nothing when the
 * pack sets no gram limit (the forecast line above says the rest).
 */
export function LimitBars({ c }: { c: Consumption | undefined }) {
  const { t } = useTranslation();
  if (!c) return null;
  const rows = (
    [
      ['day', c.grams_day, c.day_limit_g],
      ['month', c.grams_month, c.month_limit_g],
      ['year', c.grams_year, c.year_limit_g],
    ] as const
  ).filter((r): r is readonly ['day' | 'month' | 'year', number, number] => r[2] !== null && r[2] !== undefined);
  if (rows.length === 0) return null;
  return (
    <div className={styles.limits} data-testid="member-limits">
      {rows.map(([period, taken, limit]) => (
        <div key={period} className={styles.limitRow} data-testid={`limit-${period}`}>
          <span className={styles.limitText}>{t(`pos.limits.${period}`, { taken: formatNumber(taken), limit: formatNumber(limit) })}</span>
          <Progress
            percent={limit > 0 ? Math.min(100, Math.round((taken / limit) * 100)) : 100}
            size="small"
            status={taken >= limit ? 'exception' : 'normal'}
            showInfo={false}
            aria-label={t(`pos.limits.${period}Label`)}
          />
        </div>
      ))}
      {c.left_today_g !== null && c.left_today_g !== undefined && (
        <strong className={styles.limitLeft} data-testid="limit-left">
          {t('pos.limits.leftToday', { grams: formatNumber(c.left_today_g) })}
          {c.thc_max !== null && c.thc_max !== undefined && ` · ${t('pos.limits.thcMax', { thc: formatNumber(c.thc_max) })}`}
        </strong>
      )}
    </div>
  );
}
