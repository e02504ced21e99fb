import { HistoryOutlined, MinusOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { tablePagination } from '../../../shared/ui/tablePagination';
import { TableEmpty, TableSkeleton } from '../../../shared/ui/TableStates';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { AUDIT_PAGE, useProviderAudit, type AuditEntry } from '../api';
import styles from '../provider.module.css';
import { useFlagName } from './FlagChecklist';

const ACTION_COLOURS: Record<string, string> = {
  'club.create': 'purple',
  'club.flags': 'blue',
  'club.suspend': 'error',
  'club.reactivate': 'success',
};

/** An audit row's detail: the Administrador invited, the flags switched on (+) and off (−). */
function Detail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const name = useFlagName();
  const d = { admin: entry.admin_email, on: entry.flags_on ?? [], off: entry.flags_off ?? [] };
  if (!d.admin && d.on.length === 0 && d.off.length === 0) return <span className={cells.muted}>—</span>;
  return (
    <div className={styles.detail}>
      {d.admin && <span className={styles.detailAdmin}>{t('provider.audit.admin', { email: d.admin })}</span>}
      {(d.on.length > 0 || d.off.length > 0) && (
        <span className={styles.detailFlags}>
          {d.on.map((f) => (
            <Tag key={`+${f}`} color={entry.action === 'club.flags' ? 'green' : undefined} icon={<PlusOutlined />} aria-label={t('provider.audit.flagOn', { flag: name(f) })}>
              {name(f)}
            </Tag>
          ))}
          {d.off.map((f) => (
            <Tag key={`-${f}`} color="red" icon={<MinusOutlined />} aria-label={t('provider.audit.flagOff', { flag: name(f) })}>
              {name(f)}
            </Tag>
          ))}
        </span>
      )}
    </div>
  );
}

/** What provider administrators did, newest first, 20 a page as the server pages it. */
export function AuditLog({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const isDesktop = useIsDesktop();
  const audit = useProviderAudit(page);
  const actionText = (a: string) => (i18n.exists(`provider.audit.actions.${a}`) ? t(`provider.audit.actions.${a}`) : a);

  const columns: TableColumnsType<AuditEntry> = [
    { key: 'at', title: t('provider.audit.columns.at'), width: 150, render: (_, e) => <span className={cells.num}>{formatDateTime(e.at)}</span> },
    { key: 'who', title: t('provider.audit.columns.who'), width: 150, ellipsis: true, render: (_, e) => e.username },
    { key: 'club', title: t('provider.audit.columns.club'), width: 200, ellipsis: true, render: (_, e) => <strong>{e.club_title}</strong> },
    {
      key: 'action',
      title: t('provider.audit.columns.action'),
      width: 190,
      render: (_, e) => (
        <Tag color={ACTION_COLOURS[e.action]} data-testid="provider-audit-action">
          {actionText(e.action)}
        </Tag>
      ),
    },
    { key: 'detail', title: t('provider.audit.columns.detail'), render: (_, e) => <Detail entry={e} /> },
  ];

  const rows = audit.data?.rows ?? [];
  const total = audit.data?.total ?? 0;
  return (
    <section className={styles.section} aria-labelledby="provider-audit-title">
      <header className={styles.sectionHeader}>
        <h2 id="provider-audit-title" className={styles.sectionTitle}>
          {t('provider.audit.title')}
        </h2>
        <p className={styles.sectionSubtitle}>{t('provider.audit.subtitle')}</p>
      </header>
      <div className={layout.tableCard} data-testid="provider-audit">
        {audit.isPending ? (
          <TableSkeleton rows={5} />
        ) : audit.isError && !audit.data ? (
          <Result
            status="warning"
            title={t('provider.audit.loadError')}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void audit.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <Table<AuditEntry>
            rowKey="id"
            size="middle"
            tableLayout="fixed"
            columns={columns}
            dataSource={rows}
            loading={audit.isFetching && audit.isPlaceholderData}
            scroll={{ x: 980 }}
            pagination={
              total > AUDIT_PAGE
                ? tablePagination({
                    isDesktop,
                    current: page + 1,
                    pageSize: AUDIT_PAGE,
                    total,
                    onChange: (p) => onPage(p - 1),
                    range: (from, to, n) => t('provider.audit.range', { from, to, total: n }),
                  })
                : false
            }
            locale={{
              emptyText: (
                <TableEmpty
                  image={<HistoryOutlined className={layout.emptyIcon} />}
                  title={t('provider.audit.emptyTitle')}
                  help={t('provider.audit.emptyHelp')}
                  testId="provider-audit-empty"
                />
              ),
            }}
          />
        )}
      </div>
    </section>
  );
}
