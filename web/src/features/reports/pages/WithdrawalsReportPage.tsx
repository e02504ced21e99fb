import '../i18n';
import { type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber } from '../../../shared/format';
import { ReportPage, reportStyles, StatCards, useReportState } from '../../../shared/reports';
import { useClubId } from '../../../shared/session';
import { moneyColumn } from '../../../shared/ui/Figures';
import { useDebounced } from '../../../shared/ui/useDebounced';
import { useReportMember, useSales, useWithdrawals, WITHDRAWALS_PAGE, type Withdrawal, type WithdrawalFilters } from '../api';
import { ColumnFilters, TopProducts } from '../components/ReportParts';
import { memberName, quantityText } from '../model';

const FILTERS: (keyof WithdrawalFilters)[] = ['title', 'code', 'category', 'number', 'nombre', 'surname'];

/**
 * Route "dispensationReport" (withdrawals): one row per product line of the completed orders of a
 * period, what the member kept after refunds, 19 a page. The column filters (product, SKU,
 * category, member number, name, surname) narrow the rows and the totals under the column titles;
 * the range pickers wait while a page loads. `?ms_id=` keeps it to one member.
 */
export default function WithdrawalsReportPage() {
  const { t } = useTranslation();
  const club = useClubId();
  const { period, setPeriod, page, setPage, member } = useReportState();
  const who = useReportMember(member).data;
  const [typed, setTyped] = useState<WithdrawalFilters>({});
  const filters = useDebounced(typed, 300);
  const list = useWithdrawals(period, member, filters, page);
  const top = useSales(period, member, {}, 0, 1);
  const totals = list.data?.totals;
  const withTotal = (title: string, total?: string) => (
    <>
      {title}
      {total !== undefined && <span className={reportStyles.colTotal}>{total}</span>}
    </>
  );
  const right = { align: 'right' as const };
  const columns: TableColumnsType<Withdrawal> = [
    { key: 'order', title: withTotal(t('reports.withdrawals.order'), totals ? t('reports.orders', { count: totals.orders }) : undefined), dataIndex: 'order_id', width: 110 },
    { key: 'date', title: t('reports.withdrawals.date'), width: 150, render: (_, w) => formatDateTime(w.date) },
    { key: 'title', title: withTotal(t('reports.withdrawals.product'), totals ? t('reports.lines', { count: totals.lines }) : undefined), dataIndex: 'title', width: 180, ellipsis: true },
    { key: 'code', title: t('reports.withdrawals.sku'), dataIndex: 'code', width: 110, ellipsis: true },
    { key: 'category', title: t('reports.withdrawals.category'), dataIndex: 'category', width: 130, ellipsis: true },
    {
      key: 'quantity',
      title: withTotal(t('reports.withdrawals.quantity'), totals ? `${formatNumber(totals.grams)} g · ${formatNumber(totals.units)} ${t('reports.unitShort')}` : undefined),
      width: 150,
      ...right,
      render: (_, w) => quantityText(w.quantity, w.type),
    },
    {
      key: 'real',
      title: withTotal(t('reports.withdrawals.real'), totals ? `${formatNumber(totals.real_grams)} g` : undefined),
      width: 120,
      ...right,
      render: (_, w) => (w.type === 'peso' ? `${formatNumber(w.real_quantity)} g` : '—'),
    },
    moneyColumn('total', withTotal(t('reports.withdrawals.total'), totals ? formatMoney(totals.total) : undefined), (w) => w.total, { width: 120 }),
    { key: 'number', title: t('reports.withdrawals.number'), dataIndex: 'number', width: 100 },
    { key: 'nombre', title: t('reports.withdrawals.name'), dataIndex: 'nombre', width: 130, ellipsis: true },
    { key: 'surname', title: t('reports.withdrawals.surname'), dataIndex: 'surname', width: 150, ellipsis: true },
  ];
  return (
    <ReportPage<Withdrawal>
      testId="withdrawals-page"
      title={t('reports.withdrawals.title')}
      subtitle={member ? t('reports.ofMember', { name: memberName(who, member) }) : t('reports.withdrawals.subtitle')}
      toolbar={{
        period,
        onPeriod: setPeriod,
        showTime: true,
        disabled: list.isFetching,
        exportPath: '/api/report_withdrawals/export',
        exportName: 'withdrawals',
        exportParams: { asocid: club, start_date: period.start, end_date: period.end, membership_id: member, ...filters },
      }}
      table={{
        testId: 'withdrawals-table',
        rowKey: 'id',
        columns,
        rows: list.data?.data ?? [],
        loading: list.isFetching,
        page,
        pageSize: WITHDRAWALS_PAGE,
        total: list.data?.total ?? 0,
        onPage: setPage,
      }}
    >
      <StatCards
        testId="withdrawals-totals"
        label={t('reports.totals')}
        cards={[
          { key: 'lines', label: t('reports.withdrawals.lines'), value: String(totals?.lines ?? 0) },
          { key: 'grams', label: t('reports.withdrawals.grams'), value: `${formatNumber(totals?.grams ?? 0)} g` },
          { key: 'units', label: t('reports.withdrawals.units'), value: formatNumber(totals?.units ?? 0) },
          { key: 'total', label: t('reports.withdrawals.total'), value: formatMoney(totals?.total ?? 0), tone: 'income' },
        ]}
      />
      <TopProducts grams={top.data?.top_grams} amount={top.data?.top_amount} />
      <ColumnFilters
        keys={FILTERS}
        values={typed}
        labelKey={(f) => `reports.withdrawals.filter.${f}`}
        onChange={(f, value) => {
          setTyped((v) => ({ ...v, [f]: value }));
          setPage(0);
        }}
      />
    </ReportPage>
  );
}
