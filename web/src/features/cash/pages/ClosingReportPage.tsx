import '../i18n';
import { DatePicker, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { todayInDisplayZone } from '../../../shared/format/dayjs';
import { useClubId } from '../../../shared/session';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ExportButtons } from '../../../shared/reports/ExportButtons';
import { useCashReport } from '../api';
import { CashReportView } from '../components/CashReportView';
import styles from '../cash.module.css';
import { dateFormat } from '../../../shared/format';

/** Route "closingreport": one day's cash report, 00:00:00 to 23:59:59 of the chosen day in the club's time zone (default today). */
export default function ClosingReportPage() {
  const { t } = useTranslation();
  const club = useClubId();
  // today on the club's calendar, whatever the browser's zone
  const [day, setDay] = useState<Dayjs>(() => dayjs(todayInDisplayZone()));
  // the server reads the day in the club's time zone, whatever the browser's
  const report = useCashReport(day.format('YYYY-MM-DD'));
  return (
    <div className={layout.page} data-testid="closing-report-page">
      <PageHeader
        title={t('cash.dayReport.title')}
        subtitle={t('cash.dayReport.subtitle')}
        actions={
          <>
          <DatePicker
            size="large"
            value={day}
            allowClear={false}
            format={dateFormat()}
            disabledDate={(d) => d.format('YYYY-MM-DD') > todayInDisplayZone()}
            onChange={(d) => d && setDay(d)}
            aria-label={t('cash.dayReport.day')}
            className={styles.dayPicker}
            data-testid="report-day"
          />
          <ExportButtons path="/api/report_cash/export" name="cash" params={{ asocid: club, day: day.format('YYYY-MM-DD') }} />
          </>
        }
      />
      {report.data ? <CashReportView report={report.data} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </div>
  );
}
