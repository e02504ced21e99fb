import './i18n';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format';
import layout from '../../shared/ui/layout.module.css';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useProviderClubs, type ProviderClub } from './api';
import { AuditLog } from './components/AuditLog';
import { ClubsTable } from './components/ClubsTable';
import { FlagsDialog } from './components/FlagsDialog';
import { NewClubDialog } from './components/NewClubDialog';
import { SuspendDialog } from './components/SuspendDialog';
import { totals } from './model';
import styles from './provider.module.css';

type Dialog = { kind: 'new' } | { kind: 'flags'; club: ProviderClub } | { kind: 'suspend'; club: ProviderClub };

/**
 * Route "provider": the console of the provider who hosts the clubs, for provider administrators
 * (in no club): every club with its activity, flags and status; a new club with its Administrador,
 * invited by mail; a club's flags; suspension and reactivation; and the audit log of all of it.
 */
export default function ProviderPage() {
  const { t } = useTranslation();
  const clubs = useProviderClubs();
  const [auditPage, setAuditPage] = useState(0);
  // the dialog shown, kept while it closes (its animation), and whether it is open
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  const show = (d: Dialog) => {
    setDialog(d);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const gone = () => setDialog(null);

  const list = clubs.data ?? [];
  const sum = totals(list);
  const stats = [
    { key: 'clubs', value: sum.clubs },
    { key: 'active', value: sum.active },
    { key: 'suspended', value: sum.suspended, attention: sum.suspended > 0 },
    { key: 'members', value: sum.members },
  ];

  return (
    <div className={layout.page} data-testid="provider-page">
      <PageHeader
        title={t('provider.title')}
        subtitle={t('provider.subtitle')}
        titleTestId="provider-title"
        actions={
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => show({ kind: 'new' })} data-testid="provider-new-club">
            {t('provider.newClub')}
          </Button>
        }
      />

      {clubs.isError && !clubs.data ? (
        <div className={layout.tableCard}>
          <Result
            status="warning"
            title={t('provider.clubs.loadError')}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void clubs.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        </div>
      ) : (
        <>
          <ul className={styles.stats} aria-label={t('provider.stats.label')} data-testid="provider-stats">
            {stats.map((s) => (
              <li key={s.key} className={`${styles.stat} ${s.attention ? styles.statAttention : ''}`}>
                <span className={styles.statLabel}>{t(`provider.stats.${s.key}`)}</span>
                <strong className={styles.statValue} data-testid={`provider-stat-${s.key}`}>
                  {clubs.isPending ? '·' : formatNumber(s.value, 0)}
                </strong>
              </li>
            ))}
          </ul>
          <section className={styles.section} aria-labelledby="provider-clubs-title">
            <header className={styles.sectionHeader}>
              <h2 id="provider-clubs-title" className={styles.sectionTitle}>
                {t('provider.clubs.title')}
              </h2>
            </header>
            <ClubsTable
              clubs={list}
              loading={clubs.isPending}
              onFlags={(club) => show({ kind: 'flags', club })}
              onSuspend={(club) => show({ kind: 'suspend', club })}
              onNew={() => show({ kind: 'new' })}
            />
          </section>
        </>
      )}

      <AuditLog page={auditPage} onPage={setAuditPage} />

      {dialog?.kind === 'new' && <NewClubDialog open={open} onClose={close} afterClose={gone} onOpened={() => setAuditPage(0)} />}
      {dialog?.kind === 'flags' && <FlagsDialog key={dialog.club.id} open={open} onClose={close} afterClose={gone} club={dialog.club} />}
      {dialog?.kind === 'suspend' && <SuspendDialog key={dialog.club.id} open={open} onClose={close} afterClose={gone} club={dialog.club} />}
    </div>
  );
}
