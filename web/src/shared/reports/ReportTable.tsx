import { FileSearchOutlined } from '@ant-design/icons';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ExportFormat } from '../api/download';
import layout from '../ui/layout.module.css';
import { PageHeader } from '../ui/PageHeader';
import { tablePagination } from '../ui/tablePagination';
import { TableEmpty } from '../ui/TableStates';
import { ExportButtons } from './ExportButtons';
import { lastWeek, ReportRange, type Period } from './ReportRange';
import styles from './reports.module.css';
import './i18n';

/**
 * A report's period and page: the last 7 days unless told, back to the first page whenever the
 * period changes; and the member it is kept to (`?ms_id=`), or null.
 */
export function useReportState(initial: () => Period = lastWeek) {
  const [params] = useSearchParams();
  const [period, setPeriodState] = useState<Period>(initial);
  const [page, setPage] = useState(0);
  const setPeriod = (p: Period) => {
    setPeriodState(p);
    setPage(0);
  };
  return { period, setPeriod, page, setPage, member: Number(params.get('ms_id')) || null };
}

/** The header actions of a report: its period and its Excel and CSV exports. */
export interface ReportToolbarProps {
  period: Period;
  onPeriod: (p: Period) => void;
  showTime?: boolean;
  /** days on the club's clock (ReportRange) */
  clubDays?: boolean;
  disabled?: boolean;
  exportPath: string;
  exportName: string;
  exportParams: Record<string, string | number | boolean | null | undefined>;
  exportFormats?: ExportFormat[];
}

export function ReportToolbar({ period, onPeriod, showTime, clubDays, disabled, exportPath, exportName, exportParams, exportFormats }: ReportToolbarProps) {
  return (
    <div className={styles.toolbar}>
      <ReportRange value={period} onChange={onPeriod} showTime={showTime} clubDays={clubDays} disabled={disabled} />
      <ExportButtons path={exportPath} name={exportName} params={exportParams} formats={exportFormats} />
    </div>
  );
}

/**
 * A report's table in its card: fixed layout, scrolled sideways on narrow screens, paged by the
 * report's page size (the server's pages when `total` is given, these rows' otherwise).
 */
export interface ReportTableProps<T extends object> {
  rowKey: TableProps<T>['rowKey'];
  columns: TableColumnsType<T>;
  rows: readonly T[];
  loading: boolean;
  page: number;
  pageSize: number;
  total?: number;
  onPage: (page: number) => void;
  expandable?: TableProps<T>['expandable'];
  testId: string;
}

export function ReportTable<T extends object>({ rowKey, columns, rows, loading, page, pageSize, total, onPage, expandable, testId }: ReportTableProps<T>) {
  const { t } = useTranslation();
  return (
    <div className={layout.tableCard} data-testid={testId}>
      <Table<T>
        rowKey={rowKey}
        tableLayout="fixed"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        expandable={expandable}
        scroll={{ x: columns.reduce((n, c) => n + Number(c.width ?? 100), 0) }}
        pagination={tablePagination({ current: page + 1, pageSize, total, hideOnSinglePage: true, onChange: (p) => onPage(p - 1) })}
        locale={{ emptyText: <TableEmpty image={<FileSearchOutlined className={layout.emptyIcon} />} title={t('report.empty')} help={t('report.emptyHelp')} /> }}
      />
    </div>
  );
}

/**
 * A report's page: its header with the period and exports, what the report shows above its table
 * (totals, charts, filters), the table, and anything after it (a dialog the rows open).
 */
export function ReportPage<T extends object>({
  testId,
  title,
  subtitle,
  toolbar,
  table,
  children,
  after,
}: {
  testId: string;
  title: string;
  subtitle: ReactNode;
  toolbar: ReportToolbarProps;
  table: ReportTableProps<T>;
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className={layout.page} data-testid={testId}>
      <PageHeader title={title} subtitle={subtitle} actions={<ReportToolbar {...toolbar} />} />
      {children}
      <ReportTable<T> {...table} />
      {after}
    </div>
  );
}
