import { ExperimentOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Card, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { Num } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { TableSkeleton } from '../../../shared/ui/TableStates';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import type { ProductBatch } from '../api';
import { batchStock } from '../model';
import styles from '../catalog.module.css';

interface Props {
  batches: ProductBatch[] | undefined;
  loading: boolean;
  failed: boolean;
  /** the product's stock in grams, to say how much of it has no batch */
  stock: number;
}

const none = <span className={cells.muted}>—</span>;
const day = (v: number | null) => (v ? <span className={cells.num}>{formatDate(v)}</span> : none);
const percent = (v: number | null, testId?: string) =>
  v === null || v === undefined ? none : <Num value={v} decimals={2} unit=" %" testId={testId} />;

/**
 * "Lotes en stock" of the product form (clubs that grow): the cultivation batches whose grams are
 * in the product's stock, in the order a sale takes them (oldest best-before first, as the server
 * lists them), and how much of the stock has no batch. A table on a desk, a list on a phone.
 */
export function ProductBatches({ batches, loading, failed, stock }: Props) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  const list = batches ?? [];
  const { unbatched } = batchStock(list, stock);
  const next = (i: number) =>
    i === 0 ? (
      <Tag color="green" bordered={false} className={cells.tag} data-testid="batch-next">
        {t('catalog.batches.next')}
      </Tag>
    ) : null;

  const columns: TableColumnsType<ProductBatch> = [
    {
      key: 'batch',
      title: t('catalog.batches.columns.batch'),
      width: 150,
      render: (_, b, i) => (
        <span className={styles.batchId}>
          <strong className={cells.num}>{t('catalog.batches.number', { id: b.batch })}</strong>
          {next(i)}
        </span>
      ),
    },
    { key: 'strain', title: t('catalog.batches.columns.strain'), dataIndex: 'strain', ellipsis: true },
    {
      key: 'grams',
      title: t('catalog.batches.columns.grams'),
      align: 'right',
      width: 110,
      render: (_, b) => <Num value={b.grams} unit={` ${t('catalog.units.g')}`} strong testId={`batch-grams-${b.batch}`} />,
    },
    { key: 'harvested', title: t('catalog.batches.columns.harvested'), width: 120, render: (_, b) => day(b.harvested_at) },
    { key: 'bestBefore', title: t('catalog.batches.columns.bestBefore'), width: 150, render: (_, b) => day(b.best_before) },
    { key: 'thc', title: t('catalog.batches.columns.thc'), align: 'right', width: 90, render: (_, b) => percent(b.thc_percent, `batch-thc-${b.batch}`) },
    { key: 'cbd', title: t('catalog.batches.columns.cbd'), align: 'right', width: 90, render: (_, b) => percent(b.cbd_percent) },
  ];

  let body;
  if (failed) body = <Alert type="error" showIcon message={t('catalog.batches.loadError')} />;
  else if (loading) body = <TableSkeleton rows={2} />;
  else if (list.length === 0)
    body = (
      <p className={styles.batchEmpty} data-testid="batches-empty">
        <ExperimentOutlined aria-hidden="true" /> {t('catalog.batches.empty')}
      </p>
    );
  else if (isDesktop)
    body = (
      <div className={layout.tableCard}>
        <Table<ProductBatch> rowKey="batch" size="small" columns={columns} dataSource={list} pagination={false} data-testid="batches-table" />
      </div>
    );
  else
    body = (
      <ol className={styles.batchList} data-testid="batches-table">
        {list.map((b, i) => (
          <li key={b.batch} className={styles.batchItem}>
            <div className={styles.batchItemHead}>
              <span className={styles.batchId}>
                <strong className={cells.num}>{t('catalog.batches.number', { id: b.batch })}</strong>
                <span className={styles.batchStrain}>{b.strain}</span>
              </span>
              <Num value={b.grams} unit={` ${t('catalog.units.g')}`} strong testId={`batch-grams-${b.batch}`} />
            </div>
            {next(i)}
            <dl className={styles.batchFacts}>
              <dt>{t('catalog.batches.columns.thc')}</dt>
              <dd>{percent(b.thc_percent, `batch-thc-${b.batch}`)}</dd>
              <dt>{t('catalog.batches.columns.cbd')}</dt>
              <dd>{percent(b.cbd_percent)}</dd>
              <dt>{t('catalog.batches.columns.harvested')}</dt>
              <dd>{day(b.harvested_at)}</dd>
              <dt>{t('catalog.batches.columns.bestBefore')}</dt>
              <dd>{day(b.best_before)}</dd>
            </dl>
          </li>
        ))}
      </ol>
    );

  return (
    <Card
      className={`${layout.card} ${styles.batchesCard}`}
      title={
        <span className={styles.batchesTitle}>
          <ExperimentOutlined aria-hidden="true" /> {t('catalog.batches.title')}
        </span>
      }
      data-testid="product-batches"
    >
      <p className={styles.batchHint} data-testid="batches-order">
        <InfoCircleOutlined aria-hidden="true" /> {t('catalog.batches.order')}
      </p>
      {body}
      {list.length > 0 && unbatched > 0 && (
        <p className={styles.batchHint} data-testid="batches-unbatched">
          {t('catalog.batches.unbatched', { grams: `${formatNumber(unbatched)} ${t('catalog.units.g')}` })}
        </p>
      )}
    </Card>
  );
}
