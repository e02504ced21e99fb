import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { refusalText, shownLocally } from '../../shared/api';
import { formatDate, formatDateTime, formatNumber } from '../../shared/format';
import layout from '../../shared/ui/layout.module.css';
import { useApp } from '../../shared/ui/useApp';
import { useRetentionRuns, useRunRetention, type ClubRules, type RetentionRun } from './api';
import styles from './rules.module.css';

/**
 * The retention of records, under the club's rules: what the daily run (and a run asked for here)
 * removed. The saved rules decide it, not the form being edited, so the card says what the last
 * saved rules keep.
 */
export function RetentionCard({ rules }: { rules: ClubRules }) {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const runs = useRetentionRuns();
  const run = useRunRetention();
  const keepsAll = rules.retention_years == null && rules.declaration_retention_years == null;

  const start = () =>
    run.mutate(undefined, {
      onSuccess: (r) =>
        message.success({
          content: t('rules.retention.done', { dispensations: r.dispensations_forgotten, declarations: r.declarations_removed }),
          key: 'rules-retention',
          duration: 4,
        }),
      onError: (e) => {
        if (shownLocally(e)) message.error({ content: refusalText(e, t, i18n, 'rules'), key: 'rules-retention', duration: 5 });
      },
    });

  const removed = (count: number, before: number | null | undefined) =>
    before == null ? <span className={styles.muted}>{t('rules.retention.kept')}</span> : t('rules.retention.removed', { count, formattedCount: formatNumber(count), date: formatDate(before) });

  return (
    <Card className={`${layout.card} ${styles.retention}`} title={t('rules.sections.retention')} data-testid="rules-retention">
      <p className={styles.intro}>
        {keepsAll
          ? t('rules.retention.keepsAll')
          : t('rules.retention.intro', {
              dispensations: rules.retention_years == null ? t('rules.retention.noLimit') : t('rules.retention.years', { count: rules.retention_years }),
              declarations: rules.declaration_retention_years == null ? t('rules.retention.noLimit') : t('rules.retention.years', { count: rules.declaration_retention_years }),
            })}
      </p>
      <Popconfirm title={t('rules.retention.confirm')} okText={t('rules.retention.run')} cancelText={t('rules.retention.cancel')} onConfirm={start} disabled={keepsAll}>
        <Button icon={<DeleteOutlined />} loading={run.isPending} disabled={keepsAll} data-testid="rules-retention-run">
          {t('rules.retention.run')}
        </Button>
      </Popconfirm>
      {runs.isError ? (
        <Alert className={styles.note} type="error" showIcon message={t('rules.loadError')} />
      ) : (
        <Table<RetentionRun>
          className={styles.runs}
          size="small"
          rowKey="id"
          loading={runs.isLoading}
          dataSource={runs.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rules.retention.none')} /> }}
          columns={[
            { key: 'at', title: t('rules.retention.at'), render: (_, r) => formatDateTime(r.at) },
            { key: 'by', title: t('rules.retention.by'), render: (_, r) => (r.trigger === 'daily' ? t('rules.retention.daily') : r.staff) },
            { key: 'dispensations', title: t('rules.retention.dispensations'), render: (_, r) => removed(r.dispensations_forgotten, r.dispensations_before) },
            { key: 'declarations', title: t('rules.retention.declarations'), render: (_, r) => removed(r.declarations_removed, r.declarations_before) },
          ]}
        />
      )}
    </Card>
  );
}
