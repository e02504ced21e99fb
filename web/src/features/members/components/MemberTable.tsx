import { TeamOutlined } from '@ant-design/icons';
import { Checkbox, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { moneyColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableEmpty, TableSkeleton } from '../../../shared/ui/TableStates';
import { MeasureSafe } from '../../../shared/ui/MeasureSafe';
import ui from '../../../shared/ui/ui.module.css';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { formatPhone, surnames, type Member } from '../model';
import styles from '../members.module.css';
import { ExpiryTag, MemberAvatar, StatusTag, TypeTag } from './bits';

/** A checkbox that shows a yes/no and cannot be changed (the staff table's online account and active). */
function ReadOnlyCheck({ checked, label }: { checked: boolean; label: string }) {
  return (
    <Checkbox
      checked={checked}
      tabIndex={-1}
      aria-label={label}
      aria-readonly="true"
      className={styles.readonlyCheck}
      data-readonly-checked={checked ? 'true' : 'false'}
    />
  );
}

export type MemberColumn =
  | 'photo'
  | 'number'
  | 'name'
  | 'surnames'
  | 'dni'
  | 'email'
  | 'phone'
  | 'wallet'
  | 'expiry'
  | 'expiryDate'
  | 'type'
  | 'category'
  | 'online'
  | 'active'
  | 'status';

interface Props {
  columns: MemberColumn[];
  data: Member[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
  onOpen: (m: Member) => void;
  selectedIds?: number[];
  onSelect?: (rows: Member[], ids: number[]) => void;
  /** Extra column at the end (row actions). */
  actions?: (m: Member) => ReactNode;
  empty: { title: string; help: string; action?: ReactNode };
  testId: string;
  /** Compact rows and a smaller photo (the staff table has many columns). */
  compact?: boolean;
}

/**
 * A page of members: sticky header, numbers right-aligned in tabular figures, server paging,
 * skeleton rows on the first load, an empty state that says what to do. A click or Enter on a
 * row opens the member.
 */
export function MemberTable(p: Props) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();

  const all: Record<MemberColumn, TableColumnsType<Member>[number]> = {
    photo: {
      key: 'photo',
      title: <span className={ui.srOnly}>{t('members.table.photo')}</span>,
      width: p.compact ? 44 : 56,
      render: (_, m) => <MemberAvatar member={m} size={p.compact ? 30 : 36} />,
    },
    number: {
      key: 'number',
      title: t('members.table.number'),
      dataIndex: 'number',
      align: 'right',
      width: p.compact ? 56 : 72,
      className: cells.num,
      render: (n: number) => <span data-testid="cell-number">{n}</span>,
    },
    name: { key: 'name', title: t('members.table.name'), dataIndex: 'nombre', className: cells.strong, ellipsis: true, width: p.compact ? 84 : undefined },
    surnames: { key: 'surnames', title: t('members.table.surnames'), render: (_, m) => surnames(m), ellipsis: true, width: p.compact ? 116 : undefined },
    dni: { key: 'dni', title: t('members.table.dni'), dataIndex: 'dni', className: styles.mono, width: p.compact ? 96 : undefined },
    email: { key: 'email', title: t('members.table.email'), dataIndex: 'email', ellipsis: true, width: p.compact ? 140 : undefined },
    phone: {
      key: 'phone',
      title: t('members.table.phone'),
      className: cells.num,
      width: p.compact ? 120 : undefined,
      render: (_, m) => <span className={styles.nowrap}>{formatPhone(m.telefono || m.user?.telefono, m.country_code)}</span>,
    },
    wallet: moneyColumn('wallet', t('members.table.wallet'), (m) => m.monedero, { dataIndex: 'monedero', width: 84 }),
    expiry: { key: 'expiry', title: t('members.table.expiry'), render: (_, m) => <ExpiryTag endDate={m.end_date} /> },
    expiryDate: {
      key: 'expiryDate',
      title: t('members.table.expiry'),
      align: 'right',
      width: 96,
      className: `${cells.num} ${styles.wrapHead}`,
      render: (_, m) =>
        m.end_date ? (
          <span className={m.end_date < Date.now() / 1000 ? styles.negative : undefined}>{formatDate(m.end_date)}</span>
        ) : (
          <span className={cells.muted}>{t('common.notAvailable')}</span>
        ),
    },
    type: { key: 'type', title: t('members.table.type'), render: (_, m) => <TypeTag type={m.type} />, width: p.compact ? 92 : undefined },
    category: {
      key: 'category',
      title: t('members.table.category'),
      render: (_, m) => m.category_member?.title ?? <span className={cells.muted}>{t('common.notAvailable')}</span>,
      ellipsis: true,
    },
    online: {
      key: 'online',
      title: t('members.table.online'),
      align: 'center',
      width: 76,
      className: styles.wrapHead,
      render: (_, m) => <ReadOnlyCheck checked={m.online_account} label={t('members.table.online')} />,
    },
    active: {
      key: 'active',
      title: t('members.table.active'),
      align: 'center',
      width: 64,
      render: (_, m) => <ReadOnlyCheck checked={m.status_member === 1} label={t('members.table.active')} />,
    },
    status: { key: 'status', title: t('members.table.status'), render: (_, m) => <StatusTag status={m.status_member} /> },
  };

  // Below 992 px the photo column gives its room to the data.
  const columns: TableColumnsType<Member> = p.columns.filter((c) => isDesktop || c !== 'photo').map((c) => all[c]);
  if (p.actions) {
    columns.push({
      key: 'actions',
      title: <span className={ui.srOnly}>{t('members.common.actions')}</span>,
      align: 'right',
      fixed: 'right',
      width: 60,
      render: (_, m) => (
        <div className={styles.rowActions} onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {p.actions!(m)}
        </div>
      ),
    });
  }

  const rowSelection: TableProps<Member>['rowSelection'] = p.onSelect
    ? {
        selectedRowKeys: p.selectedIds,
        preserveSelectedRowKeys: true,
        columnWidth: 44,
        columnTitle: (checkbox) => <MeasureSafe>{checkbox}</MeasureSafe>,
        onChange: (keys, rows) => p.onSelect!(rows.filter(Boolean), keys.map(Number)),
      }
    : undefined;

  const firstLoad = p.loading && !p.data;

  return (
    <div className={layout.tableCard} data-testid={p.testId}>
      <Table<Member>
        rowKey="nid"
        size={p.compact ? 'small' : undefined}
        tableLayout={p.compact ? 'fixed' : undefined}
        columns={columns}
        dataSource={firstLoad ? [] : p.data}
        loading={!firstLoad && p.loading ? { delay: 300 } : false}
        rowSelection={rowSelection}
        sticky={{ offsetHeader: 64 }}
        scroll={{ x: p.compact ? columns.reduce((sum, c) => sum + (Number(c.width) || 100), 0) : 'max-content' }}
        rowClassName={() => layout.clickableRow}
        onRow={(m) => ({
          onClick: () => p.onOpen(m),
          onKeyDown: (e) => {
            if (e.key === 'Enter' && e.target === e.currentTarget) p.onOpen(m);
          },
          tabIndex: 0,
          'data-testid': `member-row-${m.nid}`,
        } as React.HTMLAttributes<HTMLElement>)}
        locale={{
          emptyText: firstLoad ? (
            <TableSkeleton avatar={{ size: 'small' }} />
          ) : (
            <TableEmpty
              image={<TeamOutlined className={layout.emptyIcon} />}
              title={p.empty.title}
              help={p.empty.help}
              action={p.empty.action}
              testId="table-empty"
            />
          ),
        }}
        pagination={tablePagination({
          current: p.page + 1, pageSize: p.pageSize, total: p.total, onChange: (page) => p.onPage(page - 1),
          isDesktop, range: (from, to, total) => t('members.common.range', { from, to, total }),
        })}
      />
    </div>
  );
}
