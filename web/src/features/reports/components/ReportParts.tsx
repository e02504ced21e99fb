import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { RankChart, reportStyles } from '../../../shared/reports';
import type { ProductSales } from '../api';

/** The two product rankings of the withdrawals and performance reports: by grams and by income. */
export function TopProducts({ grams, amount }: { grams: ProductSales[] | null | undefined; amount: ProductSales[] | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={reportStyles.charts}>
      <RankChart title={t('report.chart.topGrams')} data={grams ?? []} name={(p) => p.title} value={(p) => p.quantity} testId="chart-top-grams" />
      <RankChart
        title={t('report.chart.topAmount')}
        data={amount ?? []}
        name={(p) => p.title}
        value={(p) => p.amount}
        money
        color="cash"
        testId="chart-top-amount"
      />
    </div>
  );
}

/** A report's column filters (case-insensitive contains), one labelled box per column. */
export function ColumnFilters<K extends string>({
  keys,
  values,
  onChange,
  labelKey,
}: {
  keys: readonly K[];
  values: Partial<Record<K, string>>;
  onChange: (key: K, value: string) => void;
  labelKey: (key: K) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className={reportStyles.filters} role="search" aria-label={t('reports.filters')}>
      {keys.map((f) => (
        <Input
          key={f}
          allowClear
          value={values[f] ?? ''}
          placeholder={t(labelKey(f))}
          aria-label={t(labelKey(f))}
          onChange={(e) => onChange(f, e.target.value)}
          data-testid={`filter-${f}`}
        />
      ))}
    </div>
  );
}
