import '../i18n';
import { RollbackOutlined } from '@ant-design/icons';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber } from '../../../shared/format';
import { ReportPage, SalesPerDayChart, useReportState } from '../../../shared/reports';
import { useClub, useClubId } from '../../../shared/session';
import { moneyColumn } from '../../../shared/ui/Figures';
import ui from '../../../shared/ui/ui.module.css';
import { ORDERS_REPORT_PAGE, useOrdersReport, usePosMember, useSalesChart, type Order, type OrderLine } from '../api';
import { OrderRefunds, RefundModal } from '../components/OrderHistoryModal';
import { allowedMethods } from '../model';
import { unitOf } from '../refund';
import { hasSlip, useCanPrintSlip } from '../slip';
import { SlipButton } from '../components/SlipButton';
import styles from '../pos.module.css';

/**
 * Route "ordersReport": the completed orders of a period (default the last 7 days to now), 19 a
 * page, newest first, each opening onto its lines, with the counter's refund; the sales chart by
 * payment method; Excel and CSV exports. `?ms_id=` keeps it to one member (the member detail's
 * "view orders").
 */
export default function OrdersReportPage() {
  const { t } = useTranslation();
  const club = useClubId();
  const { period, setPeriod, page, setPage, member } = useReportState();
  const clubInfo = useClub(club).data;
  const memberInfo = usePosMember(member).data;
  const [refunding, setRefunding] = useState<Order | null>(null);
  const orders = useOrdersReport(period, member, page);
  const chart = useSalesChart(period, member);
  const methods = allowedMethods(clubInfo);
  const canSlip = useCanPrintSlip();
  const money = (v: number) => formatMoney(v);
  const right = { align: 'right' as const, className: styles.num };
  const columns: TableColumnsType<Order> = [
    { key: 'oid', title: t('pos.report.order'), dataIndex: 'oid', width: 115 },
    { key: 'date', title: t('pos.report.date'), width: 150, render: (_, o) => formatDateTime(o.order_paid) },
    { key: 'number', title: t('pos.report.number'), width: 90, render: (_, o) => o.membership_card.number },
    {
      key: 'member',
      title: t('pos.report.member'),
      width: 200,
      ellipsis: true,
      render: (_, o) => `${o.membership_card.nombre} ${o.membership_card.surname}`.trim(),
    },
    moneyColumn('base', t('pos.report.base'), (o) => o.order_base_price, { width: 135 }),
    moneyColumn('discount', t('pos.report.discount'), (o) => o.order_discount, { width: 110 }),
    moneyColumn('total', t('pos.report.total'), (o) => o.order_total, { width: 110, strong: true }),
    {
      key: 'refunded',
      title: t('pos.report.refunded'),
      width: 120,
      ...right,
      render: (_, o) => (o.refunded > 0 ? <Tag color="orange">{money(o.refunded)}</Tag> : '—'),
    },
    { key: 'pay', title: t('pos.report.pay'), width: 110, render: (_, o) => (o.pay_type ? t(`pos.pay.methods.${o.pay_type}`) : '—') },
    { key: 'paidBy', title: t('pos.report.paidBy'), dataIndex: 'paid_by', width: 140, ellipsis: true },
    {
      key: 'refund',
      title: <span className={ui.srOnly}>{t('pos.refund.open')}</span>,
      width: 130,
      fixed: 'right',
      render: (_, o) =>
        methods.length > 0 && o.products.some((l) => l.product.pid && l.refund_quantity < l.quantity) ? (
          <Button size="small" icon={<RollbackOutlined />} onClick={() => setRefunding(o)} data-testid={`refund-${o.oid}`}>
            {t('pos.refund.open')}
          </Button>
        ) : null,
    },
  ];
  const unit = (l: OrderLine) => (l.product.type === 'fee' ? '' : ` ${t(`pos.refund.units.${unitOf(l.product.type)}`)}`);
  const lineColumns: TableColumnsType<OrderLine> = [
    { key: 'title', title: t('pos.report.product'), render: (_, l) => l.product.title },
    { key: 'code', title: t('pos.report.sku'), render: (_, l) => l.product.code || '—' },
    {
      key: 'quantity',
      title: t('pos.report.quantity'),
      ...right,
      render: (_, l) => `${formatNumber(l.quantity)}${unit(l)}`,
    },
    { key: 'real', title: t('pos.report.real'), ...right, render: (_, l) => (l.product.type === 'peso' ? `${formatNumber(l.real_quantity)} g` : '—') },
    moneyColumn('total', t('pos.report.total'), (l) => l.total),
    {
      key: 'refund',
      title: t('pos.report.refundedLine'),
      ...right,
      render: (_, l) => (l.refund_quantity > 0 ? `${formatNumber(l.refund_quantity)}${unit(l)} · ${money(l.amount)}` : '—'),
    },
  ];
  const who = memberInfo ? `${memberInfo.nombre ?? ''} ${memberInfo.surname ?? ''}`.trim() : '';
  return (
    <ReportPage<Order>
      testId="orders-report-page"
      title={t('pos.report.title')}
      subtitle={member ? t('pos.report.ofMember', { name: who || `#${member}` }) : t('pos.report.subtitle')}
      toolbar={{
        period,
        onPeriod: setPeriod,
        showTime: true,
        exportPath: '/api/order/export',
        exportName: 'orders',
        exportParams: { asocid: club, status: 'completed', start_date: period.start, end_date: period.end, membership_id: member },
      }}
      table={{
        testId: 'orders-report-table',
        rowKey: 'oid',
        columns,
        rows: orders.data?.data ?? [],
        loading: orders.isFetching,
        page,
        pageSize: ORDERS_REPORT_PAGE,
        total: orders.data?.total ?? 0,
        onPage: setPage,
        expandable: {
          expandedRowRender: (o) => (
            <>
              <Table<OrderLine> rowKey="id" size="small" pagination={false} columns={lineColumns} dataSource={o.products} className={styles.reportLines} />
              <OrderRefunds order={o} />
              {canSlip && hasSlip(o) && (
                <div className={styles.orderSlip}>
                  <SlipButton oid={o.oid} size="small" />
                </div>
              )}
            </>
          ),
        },
      }}
      after={<RefundModal order={refunding} methods={methods} onClose={() => setRefunding(null)} />}
    >
      <SalesPerDayChart data={chart.data ?? []} testId="orders-chart" />
    </ReportPage>
  );
}
