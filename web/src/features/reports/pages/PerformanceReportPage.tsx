import '../i18n';
import { type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../shared/format';
import { ReportPage, StatCards, useReportState } from '../../../shared/reports';
import { useClubId } from '../../../shared/session';
import { moneyColumn } from '../../../shared/ui/Figures';
import { useDebounced } from '../../../shared/ui/useDebounced';
import { SALES_PAGE, useReportMember, useSales, type ProductSales } from '../api';
import { ColumnFilters, TopProducts } from '../components/ReportParts';
import { memberName, quantityText } from '../model';

const SALES_FILTERS = ['title', 'category'] as const;

/**
 * Route "efficiencyReport" (product performance): what each product sold in the period's completed
 * orders, less refunds, 15 a page by gross income; cost is what each line cost when it was sold.
 * Name and category filters (case-insensitive contains) narrow the rows and the header totals.
 * `?ms_id=` keeps it to one member.
 */
export default function PerformanceReportPage() {
  const { t } = useTranslation();
  const club = useClubId();
  const { period, setPeriod, page, setPage, member } = useReportState();
  const who = useReportMember(member).data;
  const [typed, setTyped] = useState({ title: '', category: '' });
  const filters = useDebounced(typed, 300);
  const sales = useSales(period, member, filters, page);
  const tot = sales.data?.totals;
  const right = { align: 'right' as const };
  const money = (v: number) => formatMoney(v);
  const columns: TableColumnsType<ProductSales> = [
    { key: 'title', title: t('reports.performance.name'), dataIndex: 'title', width: 190, ellipsis: true, fixed: 'left' },
    { key: 'category', title: t('reports.performance.category'), dataIndex: 'category', width: 130, ellipsis: true },
    { key: 'orders', title: t('reports.performance.orders'), dataIndex: 'order', width: 130, ...right },
    {
      key: 'stock',
      title: t('reports.performance.stock'),
      width: 150,
      ...right,
      render: (_, p) => (p.unlimited_stock ? '∞' : quantityText(p.stock, p.type)),
    },
    { key: 'quantity', title: t('reports.performance.quantity'), width: 150, ...right, render: (_, p) => quantityText(p.quantity, p.type) },
    moneyColumn('cost', t('reports.performance.cost'), (p) => p.cost_total, { width: 120 }),
    { key: 'avg', title: t('reports.performance.average'), width: 170, ...right, render: (_, p) => `${money(p.average_price)}${p.type === 'peso' ? '/g' : ''}` },
    moneyColumn('discount', t('reports.performance.discount'), (p) => p.discount, { width: 110 }),
    moneyColumn('amount', t('reports.performance.amount'), (p) => p.amount, { width: 155, strong: true }),
    moneyColumn('profits', t('reports.performance.profits'), (p) => p.profits, { width: 130 }),
  ];
  return (
    <ReportPage<ProductSales>
      testId="performance-page"
      title={t('reports.performance.title')}
      subtitle={member ? t('reports.ofMember', { name: memberName(who, member) }) : t('reports.performance.subtitle')}
      toolbar={{
        period,
        onPeriod: setPeriod,
        exportPath: '/api/report_sales_product/export',
        exportName: 'efficiency',
        exportParams: { asocid: club, start_date: period.start, end_date: period.end, card_id: member, ...filters },
      }}
      table={{
        testId: 'performance-table',
        rowKey: 'pid',
        columns,
        rows: sales.data?.products ?? [],
        loading: sales.isFetching,
        page,
        pageSize: SALES_PAGE,
        total: sales.data?.total ?? 0,
        onPage: setPage,
      }}
    >
      <StatCards
        testId="performance-totals"
        minWidth={150}
        label={t('reports.totals')}
        cards={[
          { key: 'orders', label: t('reports.performance.orders'), value: String(tot?.orders ?? 0) },
          { key: 'dispatched', label: t('reports.performance.quantity'), value: `${formatNumber(tot?.grams ?? 0)} g · ${formatNumber(tot?.units ?? 0)} ${t('reports.unitShort')}` },
          { key: 'cost', label: t('reports.performance.cost'), value: money(tot?.cost_total ?? 0) },
          { key: 'discount', label: t('reports.performance.discount'), value: money(tot?.discount ?? 0) },
          { key: 'amount', label: t('reports.performance.amount'), value: money(tot?.amount ?? 0) },
          { key: 'profits', label: t('reports.performance.profits'), value: money(tot?.profits ?? 0), tone: (tot?.profits ?? 0) < 0 ? 'out' : 'income' },
        ]}
      />
      <TopProducts grams={sales.data?.top_grams} amount={sales.data?.top_amount} />
      <ColumnFilters
        keys={SALES_FILTERS}
        values={typed}
        labelKey={(f) => `reports.performance.filter.${f}`}
        onChange={(f, value) => {
          setTyped((v) => ({ ...v, [f]: value }));
          setPage(0);
        }}
      />
    </ReportPage>
  );
}
