import { Table, Tag, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { moneyColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import type { CashMovement } from '../api';
import styles from '../cash.module.css';

const ACTION_COLOURS: Record<string, string> = { manual: 'gold', automatic: 'blue', wallet: 'purple', order: 'green' };

/** Movements of the till: id, date, employee, type, method, amount (withdrawals and refunds negative), status, note. */
export function MovementsTable({ rows, loading, pagination }: { rows: CashMovement[] | undefined; loading: boolean; pagination: TablePaginationConfig | false }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<CashMovement> = [
    { key: 'mid', title: t('cash.movements.id'), dataIndex: 'mid', width: 80, className: styles.num },
    { key: 'created', title: t('cash.movements.date'), width: 150, className: styles.num, render: (_, m) => formatDateTime(m.created) },
    { key: 'employee', title: t('cash.movements.employee'), dataIndex: 'employee_name', width: 170, ellipsis: true },
    {
      key: 'action',
      title: t('cash.movements.type'),
      width: 190,
      render: (_, m) => (
        <span className={styles.action}>
          <Tag bordered={false} color={ACTION_COLOURS[m.action]}>
            {t(`cash.actions.${m.action}`)}
          </Tag>
          <span className={styles.muted}>{t(`cash.methods.${m.pay_type}`)}</span>
        </span>
      ),
    },
    moneyColumn('amount', t('cash.movements.amount'), (m) => m.amount, { width: 120, testId: 'movement-amount' }),
    { key: 'status', title: t('cash.movements.status'), width: 110, render: (_, m) => t(`cash.status.${m.status}`) },
    { key: 'note', title: t('cash.movements.note'), dataIndex: 'note', width: 220, ellipsis: true },
  ];
  return (
    <div className={layout.tableCard} data-testid="movements-table">
      <Table<CashMovement>
        rowKey="mid"
        tableLayout="fixed"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading && !rows}
        scroll={{ x: 1040 }}
        pagination={pagination}
        locale={{ emptyText: <div className={styles.empty}>{t('cash.movements.empty')}</div> }}
      />
    </div>
  );
}
