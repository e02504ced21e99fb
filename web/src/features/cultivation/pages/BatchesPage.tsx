import '../i18n';
import { AppstoreOutlined, PlusOutlined, ProjectOutlined, TableOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Segmented, Skeleton, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDate, formatNumber } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { numColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TableEmpty } from '../../../shared/ui/TableStates';
import { useBatches, useStrains, type Batch } from '../api';
import { BatchStartModal } from '../components/BatchStartModal';
import { gramsText, PhaseTag, percentText } from '../components/bits';
import styles from '../cultivation.module.css';
import { boardColumns, PHASES } from '../model';

type View = 'board' | 'table';

/**
 * Route "batches": the grow room at a glance — a board with a column per phase and a card per batch
 * (its strain, room, plants, start, grams held and in stock, THC once a lab passed it, and a red mark
 * when its mass balance fails), or the same as a table; a dialog starts a batch. A card opens the batch.
 */
export default function BatchesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'table' ? 'table' : 'board';
  const batches = useBatches();
  const strains = useStrains();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const rows = batches.data ?? [];
  const rooms = [...new Set(rows.map((b) => b.room).filter(Boolean))].sort();
  const noStrains = strains.data?.length === 0;
  const start = () => {
    setMounted(true);
    setOpen(true);
  };
  const setView = (v: View) => setParams(v === 'table' ? { view: 'table' } : {}, { replace: true });

  const empty = (
    <TableEmpty
      image={<ProjectOutlined className={layout.emptyIcon} />}
      title={t('cultivation.batches.emptyTitle')}
      help={noStrains ? t('cultivation.intake.noStrains') : t('cultivation.batches.emptyHelp')}
      testId="batches-empty"
      action={
        noStrains ? (
          <Link to="/strains" className={styles.emptyLink}>
            {t('cultivation.intake.toStrains')}
          </Link>
        ) : (
          <Button type="primary" icon={<PlusOutlined />} onClick={start}>
            {t('cultivation.batches.new')}
          </Button>
        )
      }
    />
  );

  return (
    <div className={`${layout.page} ${styles.batchesPage}`} data-testid="batches-page">
      <PageHeader
        title={t('cultivation.batches.title')}
        subtitle={t('cultivation.batches.subtitle')}
        actions={
          <>
            <Segmented<View>
              size="large"
              value={view}
              onChange={setView}
              options={[
                { value: 'board', icon: <AppstoreOutlined />, label: t('cultivation.batches.board') },
                { value: 'table', icon: <TableOutlined />, label: t('cultivation.batches.table') },
              ]}
              data-testid="batches-view"
            />
            <Button type="primary" size="large" icon={<PlusOutlined />} onClick={start} disabled={noStrains} data-testid="batch-add">
              {t('cultivation.batches.new')}
            </Button>
          </>
        }
      />
      {batches.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <div className={layout.tableCard}>{empty}</div>
      ) : view === 'board' ? (
        <Board batches={rows} />
      ) : (
        <BatchTable batches={rows} onOpen={(id) => navigate(`/batch/${id}`)} />
      )}
      {mounted && (
        <BatchStartModal open={open} strains={strains.data ?? []} rooms={rooms} onClose={() => setOpen(false)} afterClose={() => setMounted(false)} />
      )}
    </div>
  );
}

/** The board: a column per phase in order, each batch a card that opens it. */
function Board({ batches }: { batches: Batch[] }) {
  const { t } = useTranslation();
  return (
    <div className={styles.board} data-testid="batch-board" role="list" aria-label={t('cultivation.batches.board')}>
      {boardColumns(batches).map(({ phase, batches: inPhase }) => (
        <section key={phase} className={`${styles.column} ${inPhase.length === 0 ? styles.columnIsEmpty : ''}`} data-testid={`board-${phase}`} role="listitem" aria-labelledby={`board-${phase}-title`}>
          <header className={styles.columnHead}>
            <PhaseTag phase={phase} />
            <span className={styles.columnCount} id={`board-${phase}-title`} aria-label={t('cultivation.batches.inPhase', { phase: t(`cultivation.phases.${phase}`), count: inPhase.length })}>
              {inPhase.length}
            </span>
          </header>
          <div className={styles.columnBody}>
            {inPhase.length === 0 ? <p className={styles.columnEmpty}>{t('cultivation.batches.noneInPhase')}</p> : inPhase.map((b) => <BatchCard key={b.id} batch={b} />)}
          </div>
        </section>
      ))}
    </div>
  );
}

function BatchCard({ batch: b }: { batch: Batch }) {
  const { t } = useTranslation();
  const harvested = b.harvested_at !== null;
  return (
    <Link to={`/batch/${b.id}`} className={`${styles.card} ${b.balanced ? '' : styles.cardUnbalanced}`} data-testid={`batch-card-${b.id}`}>
      <div className={styles.cardHead}>
        <span className={styles.cardId}>#{b.id}</span>
        {!b.balanced && (
          <Tooltip title={t('cultivation.batches.unbalanced')}>
            <WarningFilled className={styles.danger} aria-label={t('cultivation.batches.unbalanced')} data-testid={`batch-unbalanced-${b.id}`} />
          </Tooltip>
        )}
      </div>
      <strong className={styles.cardStrain}>{b.strain_name}</strong>
      <span className={styles.cardMeta}>{[b.room || t('cultivation.batches.noRoom'), t('cultivation.batches.plantsCount', { count: b.plants })].join(' · ')}</span>
      <span className={styles.cardMeta}>{t('cultivation.batches.since', { date: formatDate(b.started) })}</span>
      {(harvested || b.thc_percent !== null) && (
        <dl className={styles.cardFigures}>
          {harvested && (
            <>
              <div>
                <dt>{t('cultivation.batches.held')}</dt>
                <dd className={cells.num}>{gramsText(b.held_g)}</dd>
              </div>
              <div>
                <dt>{t('cultivation.batches.inStock')}</dt>
                <dd className={cells.num}>{gramsText(b.in_stock_g)}</dd>
              </div>
            </>
          )}
          {b.thc_percent !== null && (
            <div>
              <dt>{t('cultivation.batches.thc')}</dt>
              <dd className={cells.num}>{percentText(b.thc_percent)}</dd>
            </div>
          )}
        </dl>
      )}
    </Link>
  );
}

/** The same batches as a table, the newest first; a row opens its batch. */
function BatchTable({ batches, onOpen }: { batches: Batch[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const rows = [...batches].sort((a, b) => b.started - a.started || b.id - a.id);
  const columns: TableColumnsType<Batch> = [
    { key: 'id', title: '#', width: 64, render: (_, b) => <span className={cells.num}>{b.id}</span> },
    { key: 'strain', title: t('cultivation.batches.strain'), width: 160, ellipsis: true, render: (_, b) => <strong>{b.strain_name}</strong> },
    { key: 'room', title: t('cultivation.batches.room'), width: 120, ellipsis: true, render: (_, b) => b.room || <span className={cells.muted}>—</span> },
    {
      key: 'phase',
      title: t('cultivation.batches.phase'),
      width: 130,
      render: (_, b) => <PhaseTag phase={b.phase} />,
      filters: PHASES.map((p) => ({ value: p, text: t(`cultivation.phases.${p}`) })),
      onFilter: (v, b) => b.phase === v,
    },
    numColumn('plants', t('cultivation.batches.plants'), (b) => b.plants, { width: 90, decimals: 0 }),
    { key: 'started', title: t('cultivation.batches.startedOn'), width: 110, render: (_, b) => <span className={cells.num}>{formatDate(b.started)}</span> },
    numColumn('held', t('cultivation.batches.held'), (b) => b.held_g, { width: 110, unit: ' g', muted: true }),
    numColumn('stock', t('cultivation.batches.inStock'), (b) => b.in_stock_g, { width: 110, unit: ' g', muted: true }),
    { key: 'thc', title: t('cultivation.batches.thc'), width: 90, align: 'right', render: (_, b) => <span className={cells.num}>{percentText(b.thc_percent)}</span> },
    {
      key: 'balance',
      title: t('cultivation.batches.balance'),
      width: 130,
      render: (_, b) =>
        b.balanced ? (
          <span className={styles.ok}>{t('cultivation.batches.balanceOk')}</span>
        ) : (
          <span className={styles.danger} data-testid={`batch-unbalanced-${b.id}`}>
            <WarningFilled /> {t('cultivation.batches.balanceFails')}
          </span>
        ),
    },
  ];
  return (
    <div className={layout.tableCard} data-testid="batch-table">
      <Table<Batch>
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1100 }}
        sticky
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        rowClassName={(b) => `${layout.clickableRow} ${b.balanced ? '' : styles.rowUnbalanced}`}
        onRow={(b) => ({
          tabIndex: 0,
          'data-testid': `batch-row-${b.id}`,
          onClick: () => onOpen(b.id),
          onKeyDown: (e) => {
            if (e.key === 'Enter') onOpen(b.id);
          },
        }) as React.HTMLAttributes<HTMLTableRowElement>}
      />
      <p className={styles.tableNote}>{t('cultivation.batches.count', { count: rows.length, grams: formatNumber(rows.reduce((s, b) => s + b.held_g + b.in_stock_g, 0)) })}</p>
    </div>
  );
}
