import '../i18n';
import { FileTextOutlined } from '@ant-design/icons';
import { Button, Drawer, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { moneyColumn } from '../../../shared/ui/Figures';
import { useClub, useClubId } from '../../../shared/session';
import { SheetModal } from '../../../shared/ui/SheetModal';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ExportButtons } from '../../../shared/reports/ExportButtons';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { CLOSES_PAGE, useCloseReport, useCloses, type CashClose } from '../api';
import { CashReportView } from '../components/CashReportView';
import { ZReportPanel } from '../components/ZReport';
import styles from '../cash.module.css';

/** Route "closeregisterhistory": the closes (id, date, amount, worker, note), 19 a page; a row opens that period's report and its Z report. */
export default function CloseHistoryPage() {
  const { t } = useTranslation();
  const club = useClubId();
  const isDesktop = useIsDesktop();
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [zOpen, setZOpen] = useState(false);
  const clubTitle = useClub(club).data?.title ?? '';
  const closes = useCloses(page);
  const detail = useCloseReport(open);
  const columns: TableColumnsType<CashClose> = [
    { key: 'cid', title: t('cash.history.id'), dataIndex: 'cid', width: 80, className: styles.num },
    { key: 'created', title: t('cash.history.date'), width: 160, className: styles.num, render: (_, c) => formatDateTime(c.created) },
    moneyColumn('counted', t('cash.history.amount'), (c) => c.current_amount, { width: 130 }),
    moneyColumn('difference', t('cash.history.difference'), (c) => c.difference, { width: 130, signed: true }),
    { key: 'worker', title: t('cash.history.worker'), dataIndex: 'worker_name', width: 180, ellipsis: true },
    { key: 'note', title: t('cash.history.note'), dataIndex: 'note', width: 240, ellipsis: true },
  ];
  const current = detail.data?.close;
  return (
    <div className={layout.page} data-testid="close-history-page">
      <PageHeader title={t('cash.history.title')} subtitle={t('cash.history.subtitle', { count: closes.data?.total ?? 0 })} />
      <div className={layout.tableCard} data-testid="closes-table">
        <Table<CashClose>
          rowKey="cid"
          tableLayout="fixed"
          columns={columns}
          dataSource={closes.data?.data ?? undefined}
          loading={closes.isFetching && !closes.data}
          scroll={{ x: 920 }}
          rowClassName={() => layout.clickableRow}
          onRow={(c) => ({ onClick: () => setOpen(c.cid), 'data-testid': `close-row-${c.cid}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={tablePagination({
            current: page + 1, pageSize: CLOSES_PAGE, total: closes.data?.total ?? 0,
            hideOnSinglePage: true, onChange: (p) => setPage(p - 1),
          })}
          locale={{ emptyText: <div className={styles.empty}>{t('cash.history.empty')}</div> }}
        />
      </div>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={isDesktop ? 1100 : '100%'}
        title={current ? t('cash.history.reportTitle', { id: current.cid, date: formatDateTime(current.created) }) : t('cash.history.title')}
        destroyOnHidden
        extra={
          current && (
            <Space wrap>
              <Button icon={<FileTextOutlined />} onClick={() => setZOpen(true)} data-testid="open-z">
                {t('cash.z.open')}
              </Button>
              <ExportButtons path="/api/cash_close/export" name="cash" params={{ asocid: club, cid: current.cid }} />
            </Space>
          )
        }
        data-testid="close-drawer"
      >
        {detail.data?.report ? <CashReportView report={detail.data.report} /> : <Skeleton active paragraph={{ rows: 8 }} />}
      </Drawer>
      <SheetModal
        width={560}
        open={zOpen && !!current}
        title={current ? t('cash.z.title', { id: current.cid }) : ''}
        onCancel={() => setZOpen(false)}
        footer={null}
        destroyOnHidden
      >
        {current && detail.data?.report && <ZReportPanel close={current} report={detail.data.report} club={clubTitle} />}
      </SheetModal>
    </div>
  );
}
