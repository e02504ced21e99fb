import '../i18n';
import { LockOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canAccess, gates } from '../../../shared/access/gates';
import { useClub, useClubId } from '../../../shared/session';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { MOVEMENTS_PAGE, useCashPeriod } from '../api';
import { MovementsTable } from '../components/MovementsTable';
import { SummaryCards } from '../components/SummaryCards';

/** Route "movementsreport": the current period's cards and its movements, 15 a page, newest first. */
export default function MovementsReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const club = useClubId();
  const clubInfo = useClub(club).data;
  const [page, setPage] = useState(0);
  const period = useCashPeriod(page);
  return (
    <div className={layout.page} data-testid="movements-page">
      <PageHeader
        title={t('cash.movementsReport.title')}
        subtitle={t('cash.movementsReport.subtitle')}
        actions={
          <>
            {canAccess(gates.screens.cashmovement, clubInfo) && (
              <Button size="large" icon={<SwapOutlined />} onClick={() => navigate('/cashmovement')} data-testid="open-cash-movement">
                {t('cash.move.open')}
              </Button>
            )}
            {canAccess(gates.screens.closeregister, clubInfo) && (
              <Button size="large" type="primary" icon={<LockOutlined />} onClick={() => navigate('/closeregister')} data-testid="open-close">
                {t('cash.close.open')}
              </Button>
            )}
          </>
        }
      />
      {period.data ? <SummaryCards summary={period.data.summary} /> : <Skeleton active paragraph={{ rows: 4 }} />}
      <MovementsTable
        rows={period.data?.movements ?? undefined}
        loading={period.isFetching}
        pagination={tablePagination({
          current: page + 1, pageSize: MOVEMENTS_PAGE, total: period.data?.total ?? 0,
          hideOnSinglePage: true, onChange: (p) => setPage(p - 1),
        })}
      />
    </div>
  );
}
