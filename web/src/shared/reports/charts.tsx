import { Card, Empty, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dateFormat, dayMonthFormat, formatMoney, formatNumber } from '../format';
import dayjs from '../format/dayjs';
import styles from './reports.module.css';
import './i18n';

/**
 * The charts follow the app's theme: its primary colour for the wallet and single-series charts,
 * its secondary text for the axes, and a green and a blue for cash and card that read apart from
 * the purple and from each other.
 */
function useChartTheme() {
  const { token } = theme.useToken();
  return {
    colors: { cash: '#2E7D5B', tpv: '#3867D6', wallet: token.colorPrimary, spent: '#C2410C', neutral: token.colorPrimary },
    axis: { fontSize: 12, fill: token.colorTextSecondary },
    grid: token.colorBorderSecondary,
  };
}

export type ChartColor = keyof ReturnType<typeof useChartTheme>['colors'];

interface Series<T> {
  key: keyof T & string;
  label: string;
  color: ChartColor;
}

interface FrameProps {
  title: string;
  empty: boolean;
  testId: string;
  children: React.ReactElement;
  height?: number;
}

/** A chart in a card, titled, with the one empty state of the reports. */
function ChartFrame({ title, empty, testId, children, height = 260 }: FrameProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} className={styles.chartCard} data-testid={testId}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.chart.empty')} className={styles.chartEmpty} />
      ) : (
        <figure className={styles.chart} style={{ height }} aria-label={title}>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </figure>
      )}
    </Card>
  );
}

/** Bars per local day (YYYY-MM-DD), stacked or side by side, with money on the axis. */
export function DayBarsChart<T extends { day: string }>({
  title,
  data,
  series,
  stacked,
  testId,
}: {
  title: string;
  data: T[];
  series: Series<T>[];
  stacked?: boolean;
  testId: string;
}) {
  const { colors, axis, grid } = useChartTheme();
  const empty = !data.some((d) => series.some((s) => Number(d[s.key]) !== 0));
  const label = (day: string) => dayjs(day).format(data.length > 14 ? dayMonthFormat() : 'ddd DD');
  return (
    <ChartFrame title={title} empty={empty} testId={testId}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid vertical={false} stroke={grid} />
        <XAxis dataKey="day" tickFormatter={label} tick={axis} tickLine={false} axisLine={false} minTickGap={8} />
        <YAxis tickFormatter={(v: number) => formatMoney(v)} tick={axis} tickLine={false} axisLine={false} width={80} />
        <Tooltip formatter={(v) => formatMoney(Number(v))} labelFormatter={(d) => dayjs(String(d)).format(`dddd ${dateFormat()}`)} />
        <Legend iconType="circle" />
        {series.map((s) => (
          <Bar key={s.key} dataKey={(d: T) => Number(d[s.key])} name={s.label} fill={colors[s.color]} stackId={stacked ? 'day' : undefined} radius={stacked ? 0 : [4, 4, 0, 0]} maxBarSize={36} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** A ranking: one horizontal bar per item, the largest on top. */
export function RankChart<T>({
  title,
  data,
  name,
  value,
  money,
  color = 'neutral',
  testId,
}: {
  title: string;
  data: T[];
  name: (row: T) => string;
  value: (row: T) => number;
  money?: boolean;
  color?: ChartColor;
  testId: string;
}) {
  const { colors, axis, grid } = useChartTheme();
  const rows = data.map((r) => ({ name: name(r), value: value(r) }));
  const format = (v: number) => (money ? formatMoney(v) : formatNumber(v, 1));
  return (
    <ChartFrame title={title} empty={rows.length === 0} testId={testId} height={Math.max(140, rows.length * 30 + 30)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 28, bottom: 0, left: 8 }}>
        <CartesianGrid horizontal={false} stroke={grid} />
        <XAxis type="number" tickFormatter={format} tick={axis} tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey="name" tick={axis} tickLine={false} axisLine={false} width={130} />
        <Tooltip formatter={(v) => format(Number(v))} />
        <Bar dataKey="value" name={title} fill={colors[color]} radius={[0, 4, 4, 0]} maxBarSize={22} />
      </BarChart>
    </ChartFrame>
  );
}

/** Counts by local hour of the day (0–23). */
export function HourChart({ title, data, label, testId }: { title: string; data: { hour: number; count: number }[]; label: string; testId: string }) {
  const { t } = useTranslation();
  const { colors, axis, grid } = useChartTheme();
  return (
    <ChartFrame title={title} empty={!data.some((d) => d.count > 0)} testId={testId}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={grid} />
        <XAxis dataKey="hour" tick={axis} tickLine={false} axisLine={false} interval={1} />
        <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} width={40} />
        <Tooltip labelFormatter={(h) => t('report.chart.hour', { hour: String(h).padStart(2, '0') })} />
        <Bar dataKey="count" name={label} fill={colors.neutral} radius={[4, 4, 0, 0]} maxBarSize={28} />
      </BarChart>
    </ChartFrame>
  );
}

/** Sales per local day, stacked by payment method: the orders and cash reports' chart. */
export function SalesPerDayChart({ data, testId }: { data: { day: string; cash: number; tpv: number; wallet: number }[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <DayBarsChart
      title={t('report.chart.salesPerDay')}
      data={data}
      stacked
      series={[
        { key: 'cash', label: t('report.chart.cash'), color: 'cash' },
        { key: 'tpv', label: t('report.chart.tpv'), color: 'tpv' },
        { key: 'wallet', label: t('report.chart.wallet'), color: 'wallet' },
      ]}
      testId={testId}
    />
  );
}
