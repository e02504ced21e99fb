import '../i18n';
import { DatePicker, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../shared/format/dayjs';
import { useCurrentClubId } from '../../../shared/session';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCashReport } from '../api';
import { CashReportView } from '../components/CashReportView';
import styles from '../cash.module.css';

/** Route "closingreport": one day's cash report, 00:00:00 to 23:59:59 of the chosen day (default today). */
export default function ClosingReportPage() {
  const { t } = useTranslation();
  const club = useCurrentClubId();
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const range = { start: day.startOf('day').unix(), end: day.endOf('day').unix() };
  const report = useCashReport(club, range);
  return (
    <div className={layout.page} data-testid="closing-report-page">
      <PageHeader
        title={t('cash.dayReport.title')}
        subtitle={t('cash.dayReport.subtitle')}
        actions={
          <DatePicker
            size="large"
            value={day}
            allowClear={false}
            format="DD/MM/YYYY"
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(d) => d && setDay(d)}
            aria-label={t('cash.dayReport.day')}
            className={styles.dayPicker}
            data-testid="report-day"
          />
        }
      />
      {report.data ? <CashReportView report={report.data} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </div>
  );
}
