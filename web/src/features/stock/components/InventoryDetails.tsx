import { ArrowRightOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Image, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { moneyColumn } from '../../../shared/ui/Figures';
import { LOCATIONS, type InventoryItem, type InventoryMovement } from '../api';
import { toMilli } from '../quantity';
import styles from '../stock.module.css';
import { Qty, SignedQty } from './bits';

export const ACTION_COLOURS: Record<InventoryMovement['action'], string> = { add: 'green', remove: 'red', move: 'blue' };

/** The expansion of an inventory row: the amount in each location and every movement, newest first. */
export function InventoryDetails({ item }: { item: InventoryItem }) {
  const { t } = useTranslation();
  const totals = item.inventory_movement;
  const moves = useMemo(
    () => [...(totals.movement ?? [])].sort((a, b) => b.created - a.created || b.mid - a.mid),
    [totals.movement],
  );
  const loc = (code: string) => (code ? t(`stock.locations.${code}`, { defaultValue: code }) : '');

  const columns: TableColumnsType<InventoryMovement> = [
    {
      key: 'date',
      title: t('stock.inventory.movements.date'),
      dataIndex: 'created',
      width: 136,
      render: (v: number) => <span className={cells.num}>{formatDateTime(v)}</span>,
    },
    {
      key: 'employee',
      title: t('stock.inventory.movements.employee'),
      dataIndex: 'employee_name',
      ellipsis: true,
      width: 140,
    },
    {
      key: 'action',
      title: t('stock.inventory.movements.action'),
      dataIndex: 'action',
      width: 100,
      render: (a: InventoryMovement['action']) => (
        <Tag color={ACTION_COLOURS[a]} bordered={false} className={styles.tag}>
          {t(`stock.actions.${a}`)}
        </Tag>
      ),
    },
    {
      key: 'amount',
      title: t('stock.inventory.movements.amount'),
      align: 'right',
      width: 96,
      render: (_, m) => {
        const v = toMilli(m.amount) ?? 0;
        if (m.action === 'move') return <Qty milli={v} />;
        return <SignedQty milli={m.action === 'remove' ? -v : v} unit="g" />;
      },
    },
    moneyColumn('cost', t('stock.inventory.movements.cost'), (m) => m.cost, { width: 96, muted: true }),
    {
      key: 'route',
      title: t('stock.inventory.movements.route'),
      width: 240,
      render: (_, m) => (
        <span className={styles.route}>
          {m.action === 'move' ? (
            <>
              {loc(m.from_location)}
              <ArrowRightOutlined className={styles.routeArrow} aria-label={t('stock.inventory.movements.to')} />
              {loc(m.location)}
            </>
          ) : (
            loc(m.location)
          )}
        </span>
      ),
    },
    {
      key: 'note',
      title: t('stock.inventory.movements.note'),
      dataIndex: 'note',
      render: (v: string) => (v ? <span className={styles.note}>{v}</span> : <span className={cells.muted}>{t('common.notAvailable')}</span>),
    },
    {
      key: 'images',
      title: t('stock.inventory.movements.images'),
      width: 112,
      render: (_, m) =>
        m.images && m.images.length > 0 ? (
          <span className={styles.images}>
            <Image.PreviewGroup>
              {m.images.map((src, i) => (
                <Image key={src} src={src} width={36} height={36} alt={t('stock.inventory.movements.imageAlt', { n: i + 1 })} />
              ))}
            </Image.PreviewGroup>
          </span>
        ) : (
          <span className={cells.muted}>{t('common.notAvailable')}</span>
        ),
    },
  ];

  return (
    <div className={styles.expanded} data-testid={`inventory-details-${item.iid}`}>
      <section>
        <h3 className={styles.sectionTitle}>{t('stock.inventory.byLocation')}</h3>
        <div className={styles.locations}>
          {LOCATIONS.map((code) => {
            const v = toMilli(totals.by_location?.[code] ?? 0) ?? 0;
            return (
              <div key={code} className={`${styles.location} ${v === 0 ? styles.locationEmpty : ''}`} data-testid={`location-${item.iid}-${code}`}>
                <span className={styles.locationName}>
                  <EnvironmentOutlined />
                  {loc(code)}
                </span>
                <span className={styles.locationAmount}>
                  <Qty milli={v} />
                </span>
              </div>
            );
          })}
        </div>
      </section>
      <section className={styles.movements}>
        <h3 className={styles.sectionTitle}>{t('stock.inventory.movementsTitle', { count: moves.length })}</h3>
        <Table<InventoryMovement>
          rowKey="mid"
          size="small"
          columns={columns}
          dataSource={moves}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false, size: 'small' }}
          locale={{ emptyText: t('stock.inventory.noMovements') }}
        />
      </section>
    </div>
  );
}
