import '../i18n';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { HourChart, ReportPage, StatCards, useReportState } from '../../../shared/reports';
import { useClubId } from '../../../shared/session';
import { ACCESS_PAGE, useAccessChart, useAccessHistory, type AccessRow } from '../api';

/**
 * Route "accesscontrolreport": check-ins (ENTRA) and check-outs (SALE) of a date-time range (default
 * the last 7 days to now; weeks start on Monday), 19 a page by time, fetched again on any change of
 * the range; check-ins per hour of the day; exports titled with the range.
 */
export default function AccessReportPage() {
  const { t } = useTranslation();
  const club = useClubId();
  const { period, setPeriod, page, setPage } = useReportState();
  const list = useAccessHistory(period);
  const chart = useAccessChart(period);
  const rows = list.data ?? [];
  const columns: TableColumnsType<AccessRow> = [
    { key: 'id', title: t('reports.access.id'), dataIndex: 'id', width: 80 },
    { key: 'date', title: t('reports.access.date'), width: 150, render: (_, a) => formatDateTime(a.datetime) },
    {
      key: 'action',
      title: t('reports.access.action'),
      width: 110,
      render: (_, a) => <Tag color={a.action === 'ENTRA' ? 'green' : 'default'}>{t(`reports.access.actions.${a.action}`)}</Tag>,
    },
    { key: 'number', title: t('reports.access.number'), width: 100, render: (_, a) => a.membercard.number },
    { key: 'name', title: t('reports.access.name'), width: 140, ellipsis: true, render: (_, a) => a.membercard.nombre },
    { key: 'surname', title: t('reports.access.surname'), width: 150, ellipsis: true, render: (_, a) => a.membercard.surname },
    { key: 'surname2', title: t('reports.access.surname2'), width: 150, ellipsis: true, render: (_, a) => a.membercard.surname2 },
    { key: 'dni', title: t('reports.access.dni'), width: 120, render: (_, a) => a.membercard.dni },
  ];
  const ins = rows.filter((r) => r.action === 'ENTRA');
  return (
    <ReportPage<AccessRow>
      testId="access-report-page"
      title={t('reports.access.title')}
      subtitle={t('reports.access.subtitle')}
      toolbar={{
        period,
        onPeriod: setPeriod,
        showTime: true,
        exportPath: '/api/checkin_checkout/export',
        exportName: 'accesscontrol',
        exportParams: { association: club, start_date: period.start, end_date: period.end },
      }}
      table={{
        testId: 'access-table',
        rowKey: 'id',
        columns,
        rows,
        loading: list.isFetching,
        page,
        pageSize: ACCESS_PAGE,
        onPage: setPage,
      }}
    >
      <StatCards
        testId="access-totals"
        label={t('reports.totals')}
        cards={[
          { key: 'in', label: t('reports.access.checkins'), value: String(ins.length), tone: 'income' },
          { key: 'out', label: t('reports.access.checkouts'), value: String(rows.length - ins.length) },
          { key: 'members', label: t('reports.access.members'), value: String(new Set(ins.map((r) => r.membercard.number)).size) },
        ]}
      />
      <HourChart title={t('report.chart.checkinsPerHour')} label={t('report.chart.checkins')} data={chart.data ?? []} testId="access-chart" />
    </ReportPage>
  );
}
