import '../i18n';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckCircleFilled,
  DeleteOutlined,
  ExperimentOutlined,
  ExportOutlined,
  ScissorOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { Alert, Button, Card, Popconfirm, Skeleton, Tag, Timeline } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError, refusalText, shownLocally } from '../../../shared/api';
import { formatDate, formatDateTime } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { Num } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useApp } from '../../../shared/ui/useApp';
import { useBatch, useBatchAction, type BatchDetail, type BatchEvent } from '../api';
import { BalanceView } from '../components/BalanceView';
import { BatchActionDialog, type BatchDialog } from '../components/BatchActions';
import { gramsText, PHASE_COLOUR, PhaseTag, percentText } from '../components/bits';
import styles from '../cultivation.module.css';
import { canHarvest, nextPhase, type Phase } from '../model';

/**
 * Route "batch/:id": one batch from seed to member — its strain, room, phase, plants and dates; the
 * next phase, the harvest, lab results, destructions and releases into a product's stock; its
 * timeline; the products holding its grams; and its mass balance, both equations written out.
 */
export default function BatchPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const batch = useBatch(id);
  const [dialog, setDialog] = useState<BatchDialog | null>(null);
  const [shown, setShown] = useState<BatchDialog | null>(null);
  const open = (d: BatchDialog) => {
    setDialog(d);
    setShown(d);
  };

  const back = (
    <Link to="/batches" className={styles.back} data-testid="batch-back">
      <ArrowLeftOutlined /> {t('cultivation.batch.back')}
    </Link>
  );
  const badId = !Number.isInteger(id) || id <= 0;
  if (batch.isError || badId) {
    const notFound = badId || (isApiError(batch.error) && batch.error.status === 404);
    return (
      <div className={layout.page} data-testid="batch-page">
        <PageHeader above={back} title={t('cultivation.batch.title', { id: badId ? '?' : id })} />
        <Alert type={notFound ? 'warning' : 'error'} showIcon title={t(notFound ? 'cultivation.batch.notFound' : 'cultivation.common.loadError')} data-testid="batch-missing" />
      </div>
    );
  }
  if (!batch.data) {
    return (
      <div className={layout.page} data-testid="batch-page">
        <PageHeader above={back} title={t('cultivation.batch.title', { id })} />
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  const b = batch.data;
  return (
    <div className={layout.page} data-testid="batch-page">
      <PageHeader
        above={back}
        title={
          <span className={styles.batchTitle}>
            <span data-testid="batch-title">{t('cultivation.batch.titleWithStrain', { id: b.id, strain: b.strain_name })}</span>
            <PhaseTag phase={b.phase} testId="batch-phase" />
            {b.balanced ? null : (
              <Tag color="red" icon={<WarningFilled />} className={cells.tag} data-testid="batch-unbalanced">
                {t('cultivation.batches.balanceFails')}
              </Tag>
            )}
          </span>
        }
        subtitle={[b.room || t('cultivation.batches.noRoom'), t('cultivation.batches.since', { date: formatDate(b.started) })].join(' · ')}
        actions={<Actions batch={b} onOpen={open} />}
        actionsClassName={styles.batchActions}
      />
      <Facts batch={b} />
      <div className={styles.batchGrid}>
        <Card className={layout.card} title={t('cultivation.batch.timeline')} data-testid="batch-timeline">
          <BatchTimeline events={b.events ?? []} />
        </Card>
        <div className={styles.batchSide}>
          <Card
            className={layout.card}
            title={
              <span className={styles.cardTitle}>
                {t('cultivation.batch.balance')}
                {b.balanced ? (
                  <Tag color="green" icon={<CheckCircleFilled />} className={cells.tag}>
                    {t('cultivation.batches.balanceOk')}
                  </Tag>
                ) : (
                  <Tag color="red" icon={<WarningFilled />} className={cells.tag}>
                    {t('cultivation.batches.balanceFails')}
                  </Tag>
                )}
              </span>
            }
          >
            <BalanceView balance={b.balance} testId="batch-balance" />
          </Card>
          <Card className={layout.card} title={t('cultivation.batch.products')} data-testid="batch-products">
            {(b.products ?? []).length === 0 ? (
              <p className={styles.muted}>{b.harvested_at === null ? t('cultivation.batch.noProductsYet') : t('cultivation.batch.noProductsHeld')}</p>
            ) : (
              <ul className={styles.productList}>
                {(b.products ?? []).map((p) => (
                  <li key={p.pid} data-testid={`batch-product-${p.pid}`}>
                    <span className={styles.productName}>{p.title}</span>
                    <Num value={p.grams} unit=" g" strong />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
      {shown && <BatchActionDialog key={shown} kind={shown} batch={b} open={dialog !== null} onClose={() => setDialog(null)} afterClose={() => setShown(null)} />}
    </div>
  );
}

/** The batch's actions, each offered when the batch can take it. */
function Actions({ batch: b, onOpen }: { batch: BatchDetail; onOpen: (d: BatchDialog) => void }) {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const act = useBatchAction(b.id);
  const next = nextPhase(b.phase);
  const harvested = b.harvested_at !== null;
  const done = b.phase === 'done';
  const move = (phase: Phase) =>
    act.mutateAsync({ kind: 'phase', phase }).then(
      () => void message.success({ content: t('cultivation.batch.moved', { phase: t(`cultivation.phases.${phase}`) }), key: 'batch-action', duration: 3 }),
      (e: unknown) => {
        if (shownLocally(e)) message.error({ content: refusalText(e, t, i18n, 'cultivation'), key: 'batch-action', duration: 6 });
      },
    );
  return (
    <>
      {next && (
        <Popconfirm
          title={t('cultivation.batch.moveTitle', { phase: t(`cultivation.phases.${next}`) })}
          description={next === 'done' ? t('cultivation.batch.moveDoneHint') : next === 'drying' && !harvested ? t('cultivation.batch.moveDryingHint') : undefined}
          okText={t('cultivation.batch.move')}
          okButtonProps={{ 'data-testid': 'batch-next-ok' }}
          cancelText={t('common.cancel')}
          onConfirm={() => move(next)}
        >
          <Button size="large" type={canHarvest(b) ? 'default' : 'primary'} icon={<ArrowRightOutlined />} loading={act.isPending} data-testid="batch-next">
            {t('cultivation.batch.nextPhase', { phase: t(`cultivation.phases.${next}`) })}
          </Button>
        </Popconfirm>
      )}
      {canHarvest(b) && (
        <Button size="large" type="primary" icon={<ScissorOutlined />} onClick={() => onOpen('harvest')} data-testid="batch-harvest">
          {t('cultivation.batch.harvest')}
        </Button>
      )}
      <Button size="large" icon={<ExperimentOutlined />} onClick={() => onOpen('lab')} data-testid="batch-lab">
        {t('cultivation.batch.labResult')}
      </Button>
      {harvested && (
        <Button size="large" icon={<ExportOutlined />} onClick={() => onOpen('release')} disabled={b.held_g <= 0} data-testid="batch-release">
          {t('cultivation.batch.release')}
        </Button>
      )}
      {!(done && b.held_g <= 0 && (b.products ?? []).length === 0) && (
        <Button size="large" danger icon={<DeleteOutlined />} onClick={() => onOpen('destroy')} data-testid="batch-destroy">
          {t('cultivation.batch.destroy')}
        </Button>
      )}
    </>
  );
}

/** The batch's figures at a glance. */
function Facts({ batch: b }: { batch: BatchDetail }) {
  const { t } = useTranslation();
  const harvested = b.harvested_at !== null;
  const fact = (key: string, label: string, value: ReactNode) => (
    <div className={styles.fact} key={key} data-testid={`fact-${key}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const dash = <span className={cells.muted}>—</span>;
  return (
    <dl className={styles.facts} data-testid="batch-facts">
      {fact('strain', t('cultivation.batches.strain'), b.strain_name)}
      {fact('room', t('cultivation.batches.room'), b.room || dash)}
      {fact(
        'phase',
        t('cultivation.batches.phase'),
        <span className={styles.wrapFigures}>{t('cultivation.batch.phaseSince', { phase: t(`cultivation.phases.${b.phase}`), date: formatDate(b.phase_at) })}</span>,
      )}
      {fact(
        'plants',
        t('cultivation.batches.plants'),
        <span className={cells.num}>{b.plants === b.plants_start ? String(b.plants) : t('cultivation.batch.plantsOf', { now: b.plants, start: b.plants_start })}</span>,
      )}
      {fact('started', t('cultivation.batches.startedOn'), <span className={cells.num}>{formatDate(b.started)}</span>)}
      {fact('harvested', t('cultivation.batch.harvestDate'), harvested ? <span className={cells.num}>{formatDate(b.harvested_at)}</span> : dash)}
      {fact('bestBefore', t('cultivation.batch.bestBefore'), b.best_before !== null ? <span className={cells.num}>{formatDate(b.best_before)}</span> : dash)}
      {fact('dry', t('cultivation.batch.dryWet'), harvested ? <span className={styles.wrapFigures}>{`${gramsText(b.dry_g)} / ${b.wet_g ? gramsText(b.wet_g) : '—'}`}</span> : dash)}
      {fact('held', t('cultivation.batches.held'), harvested ? <Num value={b.held_g} unit=" g" strong /> : dash)}
      {fact('inStock', t('cultivation.batches.inStock'), harvested ? <Num value={b.in_stock_g} unit=" g" strong /> : dash)}
      {fact('thc', t('cultivation.batch.thc'), <span className={cells.num}>{percentText(b.thc_percent)}</span>)}
      {fact('cbd', t('cultivation.batch.cbd'), <span className={cells.num}>{percentText(b.cbd_percent)}</span>)}
    </dl>
  );
}

/** The colour of an event's dot: the phase's for a phase, green for a passed lab, red for a failed lab or a destruction. */
function dotColour(e: BatchEvent): string {
  switch (e.kind) {
    case 'start':
      return 'green';
    case 'phase':
      return PHASE_COLOUR[e.phase as Phase] === 'default' ? 'gray' : (PHASE_COLOUR[e.phase as Phase] ?? 'blue');
    case 'harvest':
      return 'purple';
    case 'lab':
      return e.passed ? 'green' : 'red';
    case 'destroy':
      return 'red';
    case 'release':
      return 'blue';
  }
}

/** What an event says. */
function useEventText() {
  const { t } = useTranslation();
  return (e: BatchEvent): { title: string; detail?: string } => {
    switch (e.kind) {
      case 'start':
        return { title: t('cultivation.events.start', { count: e.plants }) };
      case 'phase':
        return { title: t('cultivation.events.phase', { phase: t(`cultivation.phases.${e.phase}`, { defaultValue: e.phase }) }) };
      case 'harvest':
        return {
          title: t('cultivation.events.harvest', { grams: gramsText(e.grams) }),
          detail: e.wet_g ? t('cultivation.events.wet', { grams: gramsText(e.wet_g) }) : undefined,
        };
      case 'lab':
        return {
          title: t(e.passed ? 'cultivation.events.labPassed' : 'cultivation.events.labFailed', { lab: e.lab ?? '' }),
          detail: [
            `THC ${percentText(e.thc_percent)}`,
            e.cbd_percent !== null ? `CBD ${percentText(e.cbd_percent)}` : null,
            e.sampled_at ? t('cultivation.events.sampled', { date: formatDate(e.sampled_at) }) : null,
          ]
            .filter(Boolean)
            .join(' · '),
        };
      case 'destroy':
        return {
          title: e.plants
            ? t('cultivation.events.destroyPlants', { count: e.plants })
            : e.pid
              ? t('cultivation.events.destroyStock', { grams: gramsText(e.grams), product: e.product })
              : t('cultivation.events.destroyGrams', { grams: gramsText(e.grams) }),
          detail: [e.reason, e.witness ? t('cultivation.events.witness', { name: e.witness }) : null].filter(Boolean).join(' · '),
        };
      case 'release':
        return { title: t('cultivation.events.release', { grams: gramsText(e.grams), product: e.product }) };
    }
  };
}

/** The batch's story, oldest first: each step with its day and time and who recorded it. */
function BatchTimeline({ events }: { events: BatchEvent[] }) {
  const { t } = useTranslation();
  const text = useEventText();
  const sorted = [...events].sort((a, b) => a.at - b.at || a.id - b.id);
  if (sorted.length === 0) return <p className={styles.muted}>{t('cultivation.batch.noEvents')}</p>;
  return (
    <Timeline
      className={styles.timeline}
      items={sorted.map((e) => {
        const { title, detail } = text(e);
        return {
          key: e.id,
          color: dotColour(e),
          content: (
            <div className={styles.event} data-testid={`event-${e.kind}`}>
              <strong className={e.kind === 'lab' && !e.passed ? styles.fails : undefined}>{title}</strong>
              {detail && <span className={styles.eventDetail}>{detail}</span>}
              <span className={styles.eventMeta}>{t('cultivation.events.meta', { when: formatDateTime(e.at), staff: e.staff })}</span>
            </div>
          ),
        };
      })}
    />
  );
}
