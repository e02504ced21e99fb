import '../i18n';
import { LockOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canAccess, gates } from '../../../shared/access/gates';
import { useClub, useClubId } from '../../../shared/session';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ExportButtons } from '../../../shared/reports/ExportButtons';
import { useCashReport } from '../api';
import { CashReportView } from '../components/CashReportView';

/** Route "closingregisterreport": the report of the period the next close will end. */
export default function ClosingRegisterReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const club = useClubId();
  const clubInfo = useClub(club).data;
  const report = useCashReport(null);
  return (
    <div className={layout.page} data-testid="closing-register-page">
      <PageHeader
        title={t('cash.periodReport.title')}
        subtitle={t('cash.periodReport.subtitle')}
        actions={
          <>
            <ExportButtons path="/api/report_cash/export" name="cash" params={{ asocid: club }} />
            {canAccess(gates.screens.closeregister, clubInfo) && (
              <Button size="large" type="primary" icon={<LockOutlined />} onClick={() => navigate('/closeregister')} data-testid="open-close">
                {t('cash.close.open')}
              </Button>
            )}
          </>
        }
      />
      {report.data ? <CashReportView report={report.data} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </div>
  );
}
