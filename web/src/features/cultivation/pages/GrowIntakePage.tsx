import '../i18n';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../shared/format';
import { StatCards } from '../../../shared/reports';
import cells from '../../../shared/ui/cells.module.css';
import { numColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TableEmpty, TableSkeleton } from '../../../shared/ui/TableStates';
import { useIntakes, useStrains, type GrowIntake } from '../api';
import { IntakeModal } from '../components/IntakeModal';
import { thisYear, YearPicker } from '../components/YearPicker';
import styles from '../cultivation.module.css';

/**
 * Route "growintake": the seeds and cuttings the club took in during a year, newest first, with
 * their supplier and its address as the law asks (KCanG § 26), who recorded them, and a dialog to
 * record one.
 */
export default function GrowIntakePage() {
  const { t } = useTranslation();
  const [year, setYear] = useState(thisYear);
  const intakes = useIntakes(year);
  const strains = useStrains();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const rows = [...(intakes.data ?? [])].sort((a, b) => b.date - a.date || b.id - a.id);
  const noStrains = strains.data?.length === 0;
  const total = (kind: GrowIntake['kind']) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.count, 0);
  const start = () => {
    setMounted(true);
    setOpen(true);
  };

  const columns: TableColumnsType<GrowIntake> = [
    { key: 'date', title: t('cultivation.intake.date'), width: 110, render: (_, r) => <span className={cells.num}>{formatDate(r.date)}</span> },
    { key: 'strain', title: t('cultivation.intake.strain'), width: 170, ellipsis: true, render: (_, r) => <strong>{r.strain_name}</strong> },
    {
      key: 'kind',
      title: t('cultivation.intake.kind'),
      width: 110,
      render: (_, r) => (
        <Tag color={r.kind === 'seed' ? 'gold' : 'green'} className={cells.tag}>
          {t(`cultivation.intake.kinds.${r.kind}`)}
        </Tag>
      ),
    },
    numColumn('count', t('cultivation.intake.count'), (r) => r.count, { width: 100, decimals: 0, testId: (r) => `intake-count-${r.id}` }),
    { key: 'supplier', title: t('cultivation.intake.supplier'), width: 230, ellipsis: true, render: (_, r) => r.supplier },
    {
      key: 'address',
      title: t('cultivation.intake.address'),
      ellipsis: true,
      render: (_, r) => r.supplier_address || <span className={cells.muted}>—</span>,
    },
    { key: 'staff', title: t('cultivation.intake.staff'), width: 150, ellipsis: true, render: (_, r) => r.staff },
  ];

  return (
    <div className={layout.page} data-testid="growintake-page">
      <PageHeader
        title={t('cultivation.intake.title')}
        subtitle={t('cultivation.intake.subtitle')}
        actions={
          <>
            <YearPicker value={year} onChange={setYear} testId="intake-year" />
            <Button type="primary" size="large" icon={<PlusOutlined />} onClick={start} disabled={noStrains} data-testid="intake-add">
              {t('cultivation.intake.add')}
            </Button>
          </>
        }
      />
      <StatCards
        testId="intake-totals"
        label={t('cultivation.intake.totals', { year })}
        cards={[
          { key: 'seeds', label: t('cultivation.intake.seedsIn'), value: formatNumber(total('seed')) },
          { key: 'cuttings', label: t('cultivation.intake.cuttingsIn'), value: formatNumber(total('cutting')) },
          { key: 'entries', label: t('cultivation.intake.entries'), value: formatNumber(rows.length) },
        ]}
      />
      <div className={layout.tableCard} data-testid="intake-table">
        {intakes.isPending ? (
          <TableSkeleton rows={5} />
        ) : (
          <Table<GrowIntake>
            rowKey="id"
            size="middle"
            tableLayout="fixed"
            loading={intakes.isFetching && intakes.isPlaceholderData}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 1040 }}
            sticky
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            locale={{
              emptyText: (
                <TableEmpty
                  image={<ImportOutlined className={layout.emptyIcon} />}
                  title={t('cultivation.intake.emptyTitle', { year })}
                  help={noStrains ? t('cultivation.intake.noStrains') : t('cultivation.intake.emptyHelp')}
                  testId="intake-empty"
                  action={
                    noStrains ? (
                      <Link to="/strains" className={styles.emptyLink}>
                        {t('cultivation.intake.toStrains')}
                      </Link>
                    ) : (
                      <Button type="primary" icon={<PlusOutlined />} onClick={start}>
                        {t('cultivation.intake.add')}
                      </Button>
                    )
                  }
                />
              ),
            }}
          />
        )}
      </div>
      {mounted && <IntakeModal open={open} strains={strains.data ?? []} onClose={() => setOpen(false)} afterClose={() => setMounted(false)} />}
    </div>
  );
}
