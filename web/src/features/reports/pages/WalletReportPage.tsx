import '../i18n';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { DayBarsChart, ReportPage, StatCards, useReportState } from '../../../shared/reports';
import { useClubId } from '../../../shared/session';
import { moneyColumn } from '../../../shared/ui/Figures';
import { useReportMember, useWalletChart, useWalletHistory, WALLET_PAGE, type WalletMovement } from '../api';
import { memberName } from '../model';

const TONE: Record<string, string> = { add: 'green', refund: 'blue', order: 'purple', remove: 'orange' };

/**
 * Route "walletReport": the wallet movements of a period, newest first, 15 a page, each with the
 * member's balance after it (the accumulated total); top-ups against spending per day.
 * `?ms_id=` keeps it to one member's card.
 */
export default function WalletReportPage() {
  const { t } = useTranslation();
  const club = useClubId();
  const { period, setPeriod, page, setPage, member } = useReportState();
  const who = useReportMember(member).data;
  const list = useWalletHistory(period, member);
  const chart = useWalletChart(period, member);
  const rows = list.data ?? [];
  const sum = (op: string) => rows.filter((r) => r.transaction === op).reduce((n, r) => n + r.amount, 0);
  const columns: TableColumnsType<WalletMovement> = [
    { key: 'date', title: t('reports.wallet.date'), width: 150, render: (_, w) => formatDateTime(w.date) },
    {
      key: 'transaction',
      title: t('reports.wallet.transaction'),
      width: 150,
      render: (_, w) => (
        <Tag color={TONE[w.transaction]}>
          {t(`reports.wallet.ops.${w.transaction}`)}
          {w.order_id ? ` #${w.order_id}` : ''}
        </Tag>
      ),
    },
    moneyColumn('amount', t('reports.wallet.amount'), (w) => w.amount, { width: 120 }),
    moneyColumn('balance', t('reports.wallet.balance'), (w) => w.accumulated_value, { width: 140, strong: true }),
    { key: 'pay', title: t('reports.wallet.payType'), width: 120, render: (_, w) => (w.pay_type ? t(`reports.methods.${w.pay_type}`) : '—') },
    {
      key: 'member',
      title: t('reports.wallet.member'),
      width: 190,
      ellipsis: true,
      render: (_, w) => `${w.membercard.nombre} ${w.membercard.surname}`.trim(),
    },
    { key: 'number', title: t('reports.wallet.number'), width: 100, render: (_, w) => w.membercard.number },
    { key: 'staff', title: t('reports.wallet.staff'), dataIndex: 'staffcard', width: 150, ellipsis: true },
  ];
  return (
    <ReportPage<WalletMovement>
      testId="wallet-report-page"
      title={t('reports.wallet.title')}
      subtitle={member ? t('reports.ofMember', { name: memberName(who, member) }) : t('reports.wallet.subtitle')}
      toolbar={{
        period,
        onPeriod: setPeriod,
        exportPath: '/api/wallet_history/export',
        exportName: 'wallet',
        exportParams: { asocid: club, start_date: period.start, end_date: period.end, card_id: member },
      }}
      table={{
        testId: 'wallet-table',
        rowKey: 'id',
        columns,
        rows,
        loading: list.isFetching,
        page,
        pageSize: WALLET_PAGE,
        onPage: setPage,
      }}
    >
      <StatCards
        testId="wallet-totals"
        label={t('reports.totals')}
        cards={[
          { key: 'topups', label: t('reports.wallet.topups'), value: formatMoney(sum('add')), tone: 'income' },
          { key: 'spent', label: t('reports.wallet.spent'), value: formatMoney(-(sum('order') + sum('refund'))) },
          { key: 'corrections', label: t('reports.wallet.corrections'), value: formatMoney(sum('remove')) },
          { key: 'movements', label: t('reports.wallet.movements'), value: String(rows.length) },
        ]}
      />
      <DayBarsChart
        title={t('report.chart.walletPerDay')}
        data={chart.data ?? []}
        series={[
          { key: 'topups', label: t('report.chart.topups'), color: 'wallet' },
          { key: 'spent', label: t('report.chart.spent'), color: 'spent' },
        ]}
        testId="wallet-chart"
      />
    </ReportPage>
  );
}
