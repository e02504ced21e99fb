import { Segmented, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber } from '../../../shared/format';
import { SalesPerDayChart } from '../../../shared/reports/charts';
import layout from '../../../shared/ui/layout.module.css';
import type { CashClose, CashReport } from '../api';
import styles from '../cash.module.css';
import { MovementsTable } from './MovementsTable';
import { SummaryCards } from './SummaryCards';

type Section = 'orders' | 'products' | 'members' | 'employees' | 'movements';
type Row<K extends 'orders' | 'products' | 'members' | 'employees'> = NonNullable<CashReport[K]>[number];

/** A cash report: every card, then its movements, orders, products, members and employees (not paged). */
export function CashReportView({ report }: { report: CashReport }) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('orders');
  const money = (v: number) => formatMoney(v);
  const right = { align: 'right' as const, className: styles.num };
  const orders: TableColumnsType<Row<'orders'>> = [
    { key: 'oid', title: t('cash.report.order'), dataIndex: 'oid', width: 90, className: styles.num },
    { key: 'date', title: t('cash.report.date'), width: 150, className: styles.num, render: (_, o) => formatDateTime(o.date) },
    { key: 'name', title: t('cash.report.name'), dataIndex: 'name', width: 140, ellipsis: true },
    { key: 'surname', title: t('cash.report.surname'), dataIndex: 'surname', width: 160, ellipsis: true },
    { key: 'base', title: t('cash.report.base'), width: 110, ...right, render: (_, o) => money(o.order_base_price) },
    { key: 'discount', title: t('cash.report.discount'), width: 110, ...right, render: (_, o) => money(o.order_discount) },
    { key: 'total', title: t('cash.report.total'), width: 110, ...right, render: (_, o) => money(o.order_total) },
    { key: 'method', title: t('cash.report.method'), width: 120, render: (_, o) => t(`cash.methods.${o.pay_method || 'none'}`) },
  ];
  const products: TableColumnsType<Row<'products'>> = [
    { key: 'code', title: t('cash.report.sku'), dataIndex: 'code', width: 130, ellipsis: true },
    { key: 'title', title: t('cash.report.product'), dataIndex: 'title', width: 220, ellipsis: true },
    { key: 'quantity', title: t('cash.report.quantity'), width: 110, ...right, render: (_, p) => formatNumber(p.quantity) },
    { key: 'amount', title: t('cash.report.amount'), width: 110, ...right, render: (_, p) => money(p.amount) },
    { key: 'discount', title: t('cash.report.discount'), width: 110, ...right, render: (_, p) => money(p.discount) },
    { key: 'orders', title: t('cash.report.orders'), dataIndex: 'order', width: 90, ...right },
  ];
  const members: TableColumnsType<Row<'members'>> = [
    { key: 'number', title: t('cash.report.number'), dataIndex: 'number', width: 90, className: styles.num },
    { key: 'name', title: t('cash.report.member'), dataIndex: 'name', width: 240, ellipsis: true },
    { key: 'amount', title: t('cash.report.amount'), width: 110, ...right, render: (_, m) => money(m.amount) },
    { key: 'discount', title: t('cash.report.discount'), width: 110, ...right, render: (_, m) => money(m.discount) },
    { key: 'orders', title: t('cash.report.orders'), dataIndex: 'orders', width: 90, ...right },
  ];
  const employees: TableColumnsType<Row<'employees'>> = [
    { key: 'uid', title: t('cash.report.uid'), dataIndex: 'uid', width: 80, className: styles.num },
    { key: 'name', title: t('cash.report.employee'), dataIndex: 'employee_name', width: 240, ellipsis: true },
    { key: 'amount', title: t('cash.report.amount'), width: 110, ...right, render: (_, e) => money(e.amount) },
    { key: 'orders', title: t('cash.report.orders'), dataIndex: 'orders', width: 90, ...right },
  ];
  const closes: TableColumnsType<CashClose> = [
    { key: 'cid', title: t('cash.history.id'), dataIndex: 'cid', width: 70, className: styles.num },
    { key: 'created', title: t('cash.history.date'), width: 150, className: styles.num, render: (_, c) => formatDateTime(c.created) },
    { key: 'expected', title: t('cash.history.expected'), width: 130, ...right, render: (_, c) => money(c.total_amount) },
    { key: 'counted', title: t('cash.z.counted'), width: 130, ...right, render: (_, c) => money(c.current_amount) },
    {
      key: 'difference',
      title: t('cash.history.difference'),
      width: 120,
      ...right,
      render: (_, c) => (
        <strong className={c.difference < 0 ? styles.negative : c.difference > 0 ? styles.positive : undefined} data-testid={`close-difference-${c.cid}`}>
          {money(c.difference)}
        </strong>
      ),
    },
    { key: 'worker', title: t('cash.history.worker'), dataIndex: 'worker_name', width: 160, ellipsis: true },
    { key: 'note', title: t('cash.history.note'), dataIndex: 'note', width: 220, ellipsis: true },
  ];
  const table = <T extends object>(rows: T[] | null | undefined, columns: TableColumnsType<T>, key: keyof T, testId: string) => (
    <div className={layout.tableCard} data-testid={testId}>
      <Table<T>
        rowKey={(r) => String(r[key])}
        tableLayout="fixed"
        size="middle"
        columns={columns}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: columns.reduce((n, c) => n + Number(c.width ?? 100), 0) }}
        locale={{ emptyText: <div className={styles.empty}>{t('cash.report.empty')}</div> }}
      />
    </div>
  );
  return (
    <div className={styles.report}>
      <SummaryCards summary={report.summary} full />
      {(report.closes?.length ?? 0) > 0 && (
        <section className={styles.closes} aria-labelledby="report-closes-title">
          <h2 id="report-closes-title">{t('cash.report.closes', { count: report.closes!.length })}</h2>
          {table(report.closes, closes, 'cid', 'report-closes')}
        </section>
      )}
      {(report.chart?.length ?? 0) > 0 && (
        <SalesPerDayChart data={report.chart ?? []} testId="cash-chart" />
      )}
      <Segmented<Section>
        value={section}
        onChange={setSection}
        options={[
          { value: 'orders', label: t('cash.report.tabs.orders', { count: report.orders?.length ?? 0 }) },
          { value: 'products', label: t('cash.report.tabs.products') },
          { value: 'members', label: t('cash.report.tabs.members') },
          { value: 'employees', label: t('cash.report.tabs.employees') },
          { value: 'movements', label: t('cash.report.tabs.movements', { count: report.movements?.length ?? 0 }) },
        ]}
        className={styles.sections}
        data-testid="report-tabs"
      />
      {section === 'orders' && table(report.orders, orders, 'oid', 'report-orders')}
      {section === 'products' && table(report.products, products, 'title', 'report-products')}
      {section === 'members' && table(report.members, members, 'membership_id', 'report-members')}
      {section === 'employees' && table(report.employees, employees, 'uid', 'report-employees')}
      {section === 'movements' && <MovementsTable rows={report.movements ?? []} loading={false} pagination={false} />}
    </div>
  );
}
