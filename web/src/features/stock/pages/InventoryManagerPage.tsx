import '../i18n';
import { EditOutlined, InboxOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableSkeleton } from '../../../shared/ui/TableStates';
import ui from '../../../shared/ui/ui.module.css';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { useInventory, type InventoryItem } from '../api';
import { EmptyState, Qty } from '../components/bits';
import { InventoryDetails } from '../components/InventoryDetails';
import { InventoryItemModal } from '../components/InventoryItemModal';
import { InventoryMovementModal } from '../components/InventoryMovementModal';
import { toMilli } from '../quantity';
import styles from '../stock.module.css';

/** Spec part 2 §9: the inventory shows 24 items a page. */
export const INVENTORY_PAGE_SIZE = 24;

const TYPE_COLOURS: Record<string, string> = { indoor: 'purple', outdoor: 'gold', eco: 'green' };

/**
 * Route "inventorymanager": raw material (harvests, batches) with what was added, removed and
 * moved, the amount now and in each location; new items and movements are recorded in dialogs.
 */
export default function InventoryManagerPage() {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  const list = useInventory();
  const [page, setPage] = useState(1);
  const [itemDialog, setItemDialog] = useState<{ item: InventoryItem | null } | null>(null);
  const [moving, setMoving] = useState<InventoryItem | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);

  const rows = list.data;
  const totalNow = useMemo(() => (rows ?? []).reduce((s, i) => s + (toMilli(i.inventory_movement.amount_actual) ?? 0), 0), [rows]);

  const expand = (iid: number) => setExpanded((prev) => (prev.includes(iid) ? prev : [...prev, iid]));

  const qty = (v: number, strong = false) => <Qty milli={toMilli(v) ?? 0} className={strong ? styles.current : undefined} />;

  const columns: TableColumnsType<InventoryItem> = [
    {
      key: 'title',
      title: t('stock.inventory.columns.title'),
      fixed: isDesktop ? undefined : 'left',
      width: isDesktop ? undefined : 150,
      ellipsis: true,
      render: (_, i) => (
        <span className={styles.itemTitle}>
          <span className={cells.strong}>{i.title}</span>
          <small>{t('stock.inventory.createdOn', { date: formatDate(i.created) })}</small>
        </span>
      ),
    },
    {
      key: 'category',
      title: t('stock.inventory.columns.category'),
      dataIndex: 'category_title',
      ellipsis: true,
      width: 96,
      render: (v: string) => v || <span className={cells.muted}>{t('common.notAvailable')}</span>,
    },
    {
      key: 'type',
      title: t('stock.inventory.columns.type'),
      dataIndex: 'type',
      width: 88,
      render: (v: string) =>
        v ? (
          <Tag color={TYPE_COLOURS[v]} bordered={false} className={styles.tag}>
            {t(`stock.types.${v}`)}
          </Tag>
        ) : (
          <span className={cells.muted}>{t('common.notAvailable')}</span>
        ),
    },
    {
      key: 'dominance',
      title: t('stock.inventory.columns.dominance'),
      dataIndex: 'dominance',
      width: 92,
      render: (v: string) => (v ? t(`stock.dominance.${v}`, { defaultValue: v }) : <span className={cells.muted}>{t('common.notAvailable')}</span>),
    },
    {
      key: 'status',
      title: t('stock.inventory.columns.status'),
      dataIndex: 'status',
      width: 80,
      render: (v: boolean) =>
        v ? (
          <Tag color="green" bordered={false} className={styles.tag}>
            {t('stock.inventory.active')}
          </Tag>
        ) : (
          <Tag bordered={false} className={styles.tagMuted}>
            {t('stock.inventory.inactive')}
          </Tag>
        ),
    },
    {
      key: 'added',
      title: t('stock.inventory.columns.added'),
      align: 'right',
      width: 110,
      render: (_, i) => <span data-testid={`added-${i.iid}`}>{qty(i.inventory_movement.add_total)}</span>,
    },
    {
      key: 'removed',
      title: t('stock.inventory.columns.removed'),
      align: 'right',
      width: 110,
      render: (_, i) => <span data-testid={`removed-${i.iid}`}>{qty(i.inventory_movement.remove_total)}</span>,
    },
    {
      key: 'moved',
      title: t('stock.inventory.columns.moved'),
      align: 'right',
      width: 110,
      render: (_, i) => <span data-testid={`moved-${i.iid}`}>{qty(i.inventory_movement.move_total)}</span>,
    },
    {
      key: 'current',
      title: t('stock.inventory.columns.current'),
      align: 'right',
      width: 88,
      render: (_, i) => <span data-testid={`current-${i.iid}`}>{qty(i.inventory_movement.amount_actual, true)}</span>,
    },
    {
      key: 'actions',
      title: <span className={ui.srOnly}>{t('stock.common.actions')}</span>,
      align: 'right',
      width: isDesktop ? 168 : 104,
      render: (_, i) => (
        <span className={styles.rowActions} onClick={(e) => e.stopPropagation()}>
          <Tooltip title={t('stock.inventory.record')}>
            <Button
              icon={<SwapOutlined />}
              onClick={() => setMoving(i)}
              aria-label={t('stock.inventory.recordOf', { title: i.title })}
              data-testid={`record-${i.iid}`}
            >
              {isDesktop ? t('stock.inventory.recordShort') : null}
            </Button>
          </Tooltip>
          <Tooltip title={t('stock.inventory.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              onClick={() => setItemDialog({ item: i })}
              aria-label={t('stock.inventory.editOf', { title: i.title })}
              data-testid={`edit-${i.iid}`}
            />
          </Tooltip>
        </span>
      ),
    },
  ];

  return (
    <div className={layout.page} data-testid="inventorymanager-page">
      <PageHeader
        className={styles.header}
        titleBlockClassName={styles.pageTitleBlock}
        actionsClassName={styles.headerActions}
        title={t('stock.inventory.title')}
        subtitle={
          <>
            {rows
              ? `${t('stock.inventory.count', { count: rows.length })} · ${t('stock.inventory.totalNow')}: `
              : t('stock.inventory.subtitle')}
            {rows && <Qty milli={totalNow} className={cells.strong} testId="inventory-total" />}
          </>
        }
        actions={
          <Button size="large" type="primary" icon={<PlusOutlined />} onClick={() => setItemDialog({ item: null })} data-testid="inventory-new">
            {t('stock.inventory.new')}
          </Button>
        }
      />

      <div className={layout.tableCard} data-testid="inventory-table">
        <Table<InventoryItem>
          rowKey="iid"
          size="middle"
          columns={columns}
          dataSource={list.isPending ? [] : rows}
          loading={!list.isPending && list.isFetching ? { delay: 300 } : false}
          sticky={{ offsetHeader: 64 }}
          scroll={{ x: isDesktop ? 1040 : 'max-content' }}
          onRow={(i) => ({ 'data-testid': `inventory-row-${i.iid}` }) as React.HTMLAttributes<HTMLElement>}
          expandable={{
            expandedRowKeys: expanded,
            onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
            expandRowByClick: false,
            expandedRowRender: (i) => <InventoryDetails item={i} />,
          }}
          locale={{
            emptyText: list.isPending ? (
              <TableSkeleton />
            ) : (
              <EmptyState
                icon={<InboxOutlined />}
                title={t('stock.inventory.emptyTitle')}
                help={t('stock.inventory.emptyHelp')}
                testId="table-empty"
                action={
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setItemDialog({ item: null })}>
                    {t('stock.inventory.new')}
                  </Button>
                }
              />
            ),
          }}
          pagination={tablePagination({
            current: page, pageSize: INVENTORY_PAGE_SIZE, hideOnSinglePage: true, onChange: setPage,
            isDesktop, range: (from, to, total) => t('stock.common.range', { from, to, total }),
          })}
        />
      </div>

      <InventoryItemModal
        open={itemDialog !== null}
        item={itemDialog?.item}
        onClose={() => setItemDialog(null)}
        onSaved={() => {
          if (!itemDialog?.item) setPage(1);
        }}
      />
      <InventoryMovementModal item={moving} onClose={() => setMoving(null)} onSaved={(i) => expand(i.iid)} />
    </div>
  );
}
