import '../i18n';
import { Grid, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFixed, formatNumber } from '../../../shared/format';
import dayjs from '../../../shared/format/dayjs';
import { ReportPage, StatCards, thisMonth, useReportState } from '../../../shared/reports';
import { useClubId } from '../../../shared/session';
import cells from '../../../shared/ui/cells.module.css';
import { numColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { REGISTER_PAGE, useDispensations, useReportMember, type DispensationRow, type MemberMonth } from '../api';
import { MemberFilter } from '../components/MemberFilter';
import { memberName } from '../model';
import styles from '../register.module.css';

const percent = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatFixed(v, 2));
const surnames = (r: { surname?: string | null; surname2?: string | null }) => [r.surname, r.surname2].filter((s) => s && s.trim()).join(' ');

/**
 * Route "dispensationregister" (Manager, Administrador): the register the law asks for — every
 * product line with grams given, oldest first, with the member's number, names and birth year
 * (never the date), the product's THC and CBD at the sale and who served; a refund is a negative
 * row in red. The club's days, this month by default; one member or all; the grams per member and
 * month under the table; Excel, CSV and a printable PDF of the same filter.
 */
export default function DispensationRegisterPage() {
  const { t } = useTranslation();
  const club = useClubId();
  const { period, setPeriod, page, setPage, member, setMember } = useRegisterState();
  const who = useReportMember(member).data;
  const list = useDispensations(period, member, page);
  const data = list.data;
  const name = (r: DispensationRow, text: string | null | undefined) =>
    r.forgotten ? <span className={styles.forgotten}>{t('reports.register.forgotten')}</span> : text;
  const columns: TableColumnsType<DispensationRow> = [
    { key: 'date', title: t('reports.register.date'), width: 130, render: (_, r) => formatDateTime(r.date) },
    { key: 'oid', title: t('reports.register.order'), dataIndex: 'oid', width: 105 },
    { key: 'number', title: t('reports.register.number'), width: 80, render: (_, r) => r.number ?? '' },
    { key: 'surname', title: t('reports.register.surname'), width: 130, ellipsis: true, render: (_, r) => name(r, surnames(r)) },
    { key: 'nombre', title: t('reports.register.name'), width: 100, ellipsis: true, render: (_, r) => (r.forgotten ? '' : r.nombre) },
    { key: 'birth', title: t('reports.register.birthYear'), width: 115, align: 'right', render: (_, r) => <span className={cells.num}>{r.birth_year ?? ''}</span> },
    {
      key: 'product',
      title: t('reports.register.product'),
      width: 160,
      ellipsis: true,
      render: (_, r) => (
        <>
          {r.refund && (
            <Tag color="red" className={cells.tag} data-testid="register-refund">
              {t('reports.register.refund')}
            </Tag>
          )}{' '}
          <span className={r.refund ? styles.refund : undefined}>{r.product}</span>
        </>
      ),
    },
    numColumn('grams', t('reports.register.grams'), (r) => r.grams, { width: 95, unit: ' g', testId: (r) => `register-grams-${r.id}` }),
    { key: 'thc', title: t('reports.register.thc'), width: 70, align: 'right', render: (_, r) => <span className={cells.num}>{percent(r.thc_percent)}</span> },
    { key: 'cbd', title: t('reports.register.cbd'), width: 70, align: 'right', render: (_, r) => <span className={cells.num}>{percent(r.cbd_percent)}</span> },
    { key: 'staff', title: t('reports.register.staff'), width: 140, ellipsis: true, render: (_, r) => r.staff ?? '' },
  ];
  const members = new Set((data?.totals.by_member_month ?? []).map((m) => m.membership_id ?? 0)).size;
  return (
    <ReportPage<DispensationRow>
      testId="register-page"
      title={t('reports.register.title')}
      subtitle={member ? t('reports.ofMember', { name: memberName(who, member) }) : t('reports.register.subtitle')}
      toolbar={{
        period,
        onPeriod: setPeriod,
        clubDays: true,
        disabled: list.isFetching,
        exportPath: '/api/report_dispensations/export',
        exportName: 'dispensations',
        exportParams: { asocid: club, start_date: period.start, end_date: period.end, membership_id: member },
        exportFormats: ['xlsx', 'csv', 'pdf'],
      }}
      table={{
        testId: 'register-table',
        rowKey: 'id',
        columns,
        rows: data?.rows ?? [],
        loading: list.isFetching,
        page,
        pageSize: REGISTER_PAGE,
        total: data?.total ?? 0,
        onPage: setPage,
      }}
      after={<MemberMonths rows={data?.totals.by_member_month ?? []} total={data?.totals.grams ?? 0} loading={list.isFetching} />}
    >
      <div className={styles.bar}>
        <MemberFilter value={member} onChange={setMember} />
      </div>
      <StatCards
        testId="register-totals"
        label={t('reports.totals')}
        cards={[
          { key: 'rows', label: t('reports.register.rows'), value: String(data?.total ?? 0) },
          { key: 'grams', label: t('reports.register.totalGrams'), value: `${formatNumber(data?.totals.grams ?? 0)} g` },
          { key: 'members', label: t('reports.register.members'), value: String(members) },
        ]}
      />
    </ReportPage>
  );
}

/** The report's period and page, this month of the club by default, and the member chosen (at first `?ms_id=`). */
function useRegisterState() {
  const state = useReportState(thisMonth);
  const [member, setMemberState] = useState<number | null>(state.member);
  const setMember = (nid: number | null) => {
    setMemberState(nid);
    state.setPage(0);
  };
  return { ...state, member, setMember };
}

/** The grams each member received in each month of the club, refunds taken off, and their sum. */
function MemberMonths({ rows, total, loading }: { rows: MemberMonth[]; total: number; loading: boolean }) {
  const { t } = useTranslation();
  const before = Grid.useBreakpoint().sm ? 3 : 2; // the member number hides on a phone
  const columns: TableColumnsType<MemberMonth> = [
    { key: 'number', title: t('reports.register.number'), width: 90, responsive: ['sm'], render: (_, m) => m.number ?? '' },
    {
      key: 'member',
      title: t('reports.register.member'),
      ellipsis: true,
      render: (_, m) =>
        m.membership_id === null || m.membership_id === undefined ? (
          <span className={styles.forgotten}>{t('reports.register.forgotten')}</span>
        ) : (
          [m.nombre, m.surname].filter(Boolean).join(' ')
        ),
    },
    { key: 'month', title: t('reports.register.month'), width: 130, render: (_, m) => dayjs(`${m.month}-01`).format('MMMM YYYY') },
    numColumn('grams', t('reports.register.grams'), (m) => m.grams, { width: 90, unit: ' g' }),
  ];
  return (
    <section className={styles.months} aria-label={t('reports.register.byMemberMonth')}>
      <h2 className={styles.monthsTitle}>{t('reports.register.byMemberMonth')}</h2>
      <div className={layout.tableCard} data-testid="register-months">
        <Table<MemberMonth>
          rowKey={(m) => `${m.membership_id ?? 0}-${m.month}`}
          size="small"
          loading={loading}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 340 }}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          summary={() =>
            rows.length > 0 && (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={before}>
                  <strong>{t('reports.register.total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={before} align="right">
                  <strong className={cells.num} data-testid="register-months-total">{`${formatNumber(total)} g`}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )
          }
        />
      </div>
    </section>
  );
}
