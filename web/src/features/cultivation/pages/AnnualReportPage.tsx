import '../i18n';
import { CheckCircleFilled, ReconciliationOutlined, WarningFilled } from '@ant-design/icons';
import { Alert, Card, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format';
import dayjs from '../../../shared/format/dayjs';
import { ExportButtons } from '../../../shared/reports';
import cells from '../../../shared/ui/cells.module.css';
import { Num, numColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TableEmpty } from '../../../shared/ui/TableStates';
import { useClubId } from '../../../shared/session';
import { reportQuery, useAnnualReport, useBalanceCheck, type AnnualReportRow, type BalanceCheck } from '../api';
import { gramsText, percentText } from '../components/bits';
import { thisYear, YearPicker } from '../components/YearPicker';
import styles from '../cultivation.module.css';
import { equations, PERIOD_CHOICES, type PeriodChoice } from '../model';

/**
 * Route "annualreport": the report the authorities ask of the club (KCanG § 26(3), "Jahresmeldung")
 * for a year, a quarter or a month — per strain the seeds and cuttings taken in, the grams harvested,
 * dispensed and destroyed, the stock at the period's end and the average THC and CBD, with their
 * totals; Excel and CSV of the same; and the club's mass balance check beside it.
 */
export default function AnnualReportPage() {
  const { t } = useTranslation();
  const club = useClubId();
  const [year, setYear] = useState(thisYear);
  const [period, setPeriod] = useState<PeriodChoice>('year');
  const report = useAnnualReport(year, period);
  const data = report.data;
  const rows = data?.rows ?? [];

  const periodLabel = (p: PeriodChoice) =>
    p === 'year'
      ? t('cultivation.report.wholeYear')
      : p.startsWith('q')
        ? t('cultivation.report.quarter', { n: p.slice(1) })
        : capitalise(dayjs().month(Number(p.slice(1)) - 1).format('MMMM'));

  const columns: TableColumnsType<AnnualReportRow> = [
    { key: 'strain', title: t('cultivation.report.strain'), width: 170, fixed: 'left', ellipsis: true, render: (_, r) => <strong>{r.strain}</strong> },
    numColumn('seeds', t('cultivation.report.seeds'), (r) => r.intake_seeds, { width: 110, decimals: 0, muted: true }),
    numColumn('cuttings', t('cultivation.report.cuttings'), (r) => r.intake_cuttings, { width: 110, decimals: 0, muted: true }),
    numColumn('harvested', t('cultivation.report.harvested'), (r) => r.harvested_g, { width: 130, unit: ' g', muted: true, testId: (r) => `report-harvested-${r.strain_id}` }),
    numColumn('dispensed', t('cultivation.report.dispensed'), (r) => r.dispensed_g, { width: 130, unit: ' g', muted: true }),
    numColumn('destroyed', t('cultivation.report.destroyed'), (r) => r.destroyed_g, { width: 130, unit: ' g', muted: true }),
    numColumn('stock', t('cultivation.report.stockEnd'), (r) => r.stock_end_g, { width: 140, unit: ' g', muted: true }),
    { key: 'thc', title: t('cultivation.report.avgThc'), width: 100, align: 'right', render: (_, r) => <span className={cells.num}>{percentText(r.avg_thc)}</span> },
    { key: 'cbd', title: t('cultivation.report.avgCbd'), width: 100, align: 'right', render: (_, r) => <span className={cells.num}>{percentText(r.avg_cbd)}</span> },
  ];
  const totals = data?.totals;
  const totalCells: [string, React.ReactNode][] = totals
    ? [
        ['seeds', <Num value={totals.intake_seeds} decimals={0} strong />],
        ['cuttings', <Num value={totals.intake_cuttings} decimals={0} strong />],
        ['harvested', <Num value={totals.harvested_g} unit=" g" strong testId="report-total-harvested" />],
        ['dispensed', <Num value={totals.dispensed_g} unit=" g" strong />],
        ['destroyed', <Num value={totals.destroyed_g} unit=" g" strong />],
        ['stock', <Num value={totals.stock_end_g} unit=" g" strong />],
        ['thc', <strong className={cells.num}>{percentText(totals.avg_thc)}</strong>],
        ['cbd', <strong className={cells.num}>{percentText(totals.avg_cbd)}</strong>],
      ]
    : [];

  return (
    <div className={layout.page} data-testid="annualreport-page">
      <PageHeader
        title={t('cultivation.report.title')}
        subtitle={data ? t('cultivation.report.range', { from: formatDate(data.from), to: formatDate(data.to) }) : t('cultivation.report.subtitle')}
        subtitleTestId="report-range"
        actions={
          <div className={styles.reportTools}>
            <div className={styles.reportPeriod}>
            <YearPicker value={year} onChange={setYear} testId="report-year" />
            <Select<PeriodChoice>
              size="large"
              value={period}
              onChange={setPeriod}
              aria-label={t('cultivation.report.period')}
              className={styles.periodSelect}
              options={[
                { label: t('cultivation.report.wholeYear'), options: [{ value: 'year', label: periodLabel('year') }] },
                { label: t('cultivation.report.quarters'), options: PERIOD_CHOICES.filter((p) => p.startsWith('q')).map((p) => ({ value: p, label: periodLabel(p) })) },
                { label: t('cultivation.report.months'), options: PERIOD_CHOICES.filter((p) => p.startsWith('m')).map((p) => ({ value: p, label: periodLabel(p) })) },
              ]}
              data-testid="report-period"
            />
            </div>
            <div className={styles.reportExports}>
              <ExportButtons path="/api/report_annual" name={`annual-report-${year}${period === 'year' ? '' : `-${period}`}`} params={reportQuery(club, year, period)} disabled={!data} />
            </div>
          </div>
        }
      />
      <p className={styles.legalNote}>{t('cultivation.report.legal')}</p>
      <div className={layout.tableCard} data-testid="report-table">
        {!data ? (
          <Skeleton active paragraph={{ rows: 5 }} className={styles.skeleton} />
        ) : (
          <Table<AnnualReportRow>
            rowKey={(r) => r.strain_id}
            size="middle"
            tableLayout="fixed"
            loading={report.isFetching && report.isPlaceholderData}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 1120 }}
            pagination={false}
            locale={{
              emptyText: (
                <TableEmpty
                  image={<ReconciliationOutlined className={layout.emptyIcon} />}
                  title={t('cultivation.report.emptyTitle', { period: period === 'year' ? String(year) : `${periodLabel(period)} ${year}` })}
                  help={t('cultivation.report.emptyHelp')}
                  testId="report-empty"
                />
              ),
            }}
            summary={() =>
              rows.length > 0 && (
                <Table.Summary>
                  <Table.Summary.Row className={styles.totalRow} data-testid="report-totals">
                    <Table.Summary.Cell index={0}>
                      <strong>{t('cultivation.report.total')}</strong>
                    </Table.Summary.Cell>
                    {totalCells.map(([key, cell], i) => (
                      <Table.Summary.Cell key={key} index={i + 1} align="right">
                        {cell}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              )
            }
          />
        )}
      </div>
      <BalanceCheckCard />
    </div>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** GET /api/batch/balance read as a card: the balance holds for every batch, or the batches where it fails, in red. */
function BalanceCheckCard() {
  const { t } = useTranslation();
  const check = useBalanceCheck();
  return (
    <Card className={layout.card} title={t('cultivation.check.title')} data-testid="balance-check">
      <p className={styles.checkLead}>{t('cultivation.check.lead')}</p>
      {check.isError ? (
        <Alert type="error" showIcon title={t('cultivation.common.loadError')} />
      ) : !check.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <CheckResult check={check.data} />
      )}
    </Card>
  );
}

function CheckResult({ check }: { check: BalanceCheck }) {
  const { t } = useTranslation();
  const batches = check.batches ?? [];
  const failing = batches.filter((b) => !b.holds);
  if (check.holds) {
    return (
      <p className={styles.holds} data-testid="balance-holds">
        <CheckCircleFilled aria-hidden="true" />{' '}
        {batches.length === 0 ? t('cultivation.check.noBatches') : t('cultivation.check.holds', { count: batches.length })}
      </p>
    );
  }
  return (
    <div className={styles.checkFails}>
      <p className={styles.fails} data-testid="balance-fails">
        <WarningFilled aria-hidden="true" /> {t('cultivation.check.fails', { count: check.failures, total: batches.length })}
      </p>
      <ul className={styles.failList}>
        {failing.map((b) => (
          <li key={b.batch} data-testid={`balance-failing-${b.batch}`}>
            <Link to={`/batch/${b.batch}`} className={styles.failLink}>
              {t('cultivation.batch.titleWithStrain', { id: b.batch, strain: b.strain })}
            </Link>
            <span className={styles.failWhy}>
              {equations(b.balance)
                .filter((e) => !e.holds)
                .map((e) => t(`cultivation.check.${e.key}Off`, { grams: gramsText(Math.abs(e.difference)) }))
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
