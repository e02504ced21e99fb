import { Segmented, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { moneyColumn, numColumn } from '../../../shared/ui/Figures';
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
  // counts stay as the server sends them (no thousands separator)
  const count = { align: 'right' as const, className: styles.num };
  const orders: TableColumnsType<Row<'orders'>> = [
    { key: 'oid', title: t('cash.report.order'), dataIndex: 'oid', width: 115, className: styles.num },
    { key: 'date', title: t('cash.report.date'), width: 150, className: styles.num, render: (_, o) => formatDateTime(o.date) },
    { key: 'name', title: t('cash.report.name'), dataIndex: 'name', width: 140, ellipsis: true },
    { key: 'surname', title: t('cash.report.surname'), dataIndex: 'surname', width: 160, ellipsis: true },
    moneyColumn('base', t('cash.report.base'), (o) => o.order_base_price, { width: 135 }),
    moneyColumn('discount', t('cash.report.discount'), (o) => o.order_discount, { width: 110 }),
    moneyColumn('total', t('cash.report.total'), (o) => o.order_total, { width: 110 }),
    { key: 'method', title: t('cash.report.method'), width: 120, render: (_, o) => t(`cash.methods.${o.pay_method || 'none'}`) },
  ];
  const products: TableColumnsType<Row<'products'>> = [
    { key: 'code', title: t('cash.report.sku'), dataIndex: 'code', width: 130, ellipsis: true },
    { key: 'title', title: t('cash.report.product'), dataIndex: 'title', width: 220, ellipsis: true },
    numColumn('quantity', t('cash.report.quantity'), (p) => p.quantity, { width: 110 }),
    moneyColumn('amount', t('cash.report.amount'), (p) => p.amount, { width: 110 }),
    moneyColumn('discount', t('cash.report.discount'), (p) => p.discount, { width: 110 }),
    { key: 'orders', title: t('cash.report.orders'), dataIndex: 'order', width: 90, ...count },
  ];
  const members: TableColumnsType<Row<'members'>> = [
    { key: 'number', title: t('cash.report.number'), dataIndex: 'number', width: 90, className: styles.num },
    { key: 'name', title: t('cash.report.member'), dataIndex: 'name', width: 240, ellipsis: true },
    moneyColumn('amount', t('cash.report.amount'), (m) => m.amount, { width: 110 }),
    moneyColumn('discount', t('cash.report.discount'), (m) => m.discount, { width: 110 }),
    { key: 'orders', title: t('cash.report.orders'), dataIndex: 'orders', width: 90, ...count },
  ];
  const employees: TableColumnsType<Row<'employees'>> = [
    { key: 'uid', title: t('cash.report.uid'), dataIndex: 'uid', width: 80, className: styles.num },
    { key: 'name', title: t('cash.report.employee'), dataIndex: 'employee_name', width: 240, ellipsis: true },
    moneyColumn('amount', t('cash.report.amount'), (e) => e.amount, { width: 110 }),
    { key: 'orders', title: t('cash.report.orders'), dataIndex: 'orders', width: 90, ...count },
  ];
  const closes: TableColumnsType<CashClose> = [
    { key: 'cid', title: t('cash.history.id'), dataIndex: 'cid', width: 70, className: styles.num },
    { key: 'created', title: t('cash.history.date'), width: 150, className: styles.num, render: (_, c) => formatDateTime(c.created) },
    moneyColumn('expected', t('cash.history.expected'), (c) => c.total_amount, { width: 130 }),
    moneyColumn('counted', t('cash.z.counted'), (c) => c.current_amount, { width: 130 }),
    moneyColumn('difference', t('cash.history.difference'), (c) => c.difference, { width: 120, signed: true, strong: true, testId: (c) => `close-difference-${c.cid}` }),
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
