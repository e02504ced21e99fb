import { CheckOutlined, ControlOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Popover, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { numColumn } from '../../../shared/ui/Figures';
import layout from '../../../shared/ui/layout.module.css';
import { TableEmpty, TableSkeleton } from '../../../shared/ui/TableStates';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import type { ProviderClub } from '../api';
import { ALL_FLAGS, normaliseFlags } from '../model';
import styles from '../provider.module.css';
import { useFlagName } from './FlagChecklist';

/** The flags a club has: "9 de 12", which opens the list of every flag, on or off. */
function FlagsCell({ club }: { club: ProviderClub }) {
  const { t } = useTranslation();
  const name = useFlagName();
  const on = new Set(normaliseFlags(club.flags ?? []));
  const list = (
    <ul className={styles.flagList} aria-label={t('provider.clubs.flagsOf', { club: club.title })}>
      {ALL_FLAGS.map((f) => (
        <li key={f} className={on.has(f) ? styles.flagOn : styles.flagOff}>
          {on.has(f) ? <CheckOutlined aria-hidden /> : <span className={styles.flagDot} aria-hidden />}
          <span>{name(f)}</span>
          {!on.has(f) && <span className={styles.srOnly}> ({t('provider.clubs.off')})</span>}
        </li>
      ))}
    </ul>
  );
  return (
    <Popover content={list} title={t('provider.clubs.flagsOf', { club: club.title })} trigger="click" placement="bottomLeft">
      <Button size="small" className={styles.flagsButton} data-testid={`provider-flags-count-${club.id}`}>
        {on.size === 0 ? t('provider.clubs.noFlags') : t('provider.clubs.flagsCount', { on: on.size, all: ALL_FLAGS.length })}
      </Button>
    </Popover>
  );
}

/**
 * The hosted clubs: name and opening day, active members, last sale, rows in the database, flags,
 * status, and what the provider does with each (flags, suspend or reactivate).
 */
export function ClubsTable({
  clubs,
  loading,
  onFlags,
  onSuspend,
  onNew,
}: {
  clubs: ProviderClub[];
  loading: boolean;
  onFlags: (c: ProviderClub) => void;
  onSuspend: (c: ProviderClub) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  const columns: TableColumnsType<ProviderClub> = [
    {
      key: 'club',
      title: t('provider.clubs.columns.club'),
      render: (_, c) => (
        <div className={styles.clubCell}>
          <strong className={styles.clubName} data-testid={`provider-club-${c.id}`}>
            {c.title}
          </strong>
          <span className={cells.muted}>{t('provider.clubs.created', { date: formatDate(c.created) })}</span>
          {/* narrow, the status column is off to the side: a suspension shows by the name */}
          {!isDesktop && c.suspended && (
            <Tag color="error" icon={<PauseCircleOutlined />} className={styles.inlineStatus}>
              {t('provider.clubs.suspended')}
            </Tag>
          )}
        </div>
      ),
    },
    numColumn('members', t('provider.clubs.columns.members'), (c) => c.active_members, { width: 140, decimals: 0, muted: true, testId: (c) => `provider-members-${c.id}` }),
    {
      key: 'lastSale',
      title: t('provider.clubs.columns.lastSale'),
      width: 150,
      align: 'right',
      render: (_, c) =>
        c.last_sale > 0 ? (
          <span className={cells.num}>{formatDateTime(c.last_sale)}</span>
        ) : (
          <span className={cells.muted} title={t('provider.clubs.noSale')}>
            <span aria-hidden>—</span>
            <span className={styles.srOnly}>{t('provider.clubs.noSale')}</span>
          </span>
        ),
    },
    numColumn('rows', t('provider.clubs.columns.rows'), (c) => c.rows, { width: 130, decimals: 0, muted: true }),
    { key: 'flags', title: t('provider.clubs.columns.flags'), width: 120, render: (_, c) => <FlagsCell club={c} /> },
    {
      key: 'status',
      title: t('provider.clubs.columns.status'),
      width: 120,
      render: (_, c) =>
        c.suspended ? (
          <Tag color="error" icon={<PauseCircleOutlined />} data-testid={`provider-status-${c.id}`}>
            {t('provider.clubs.suspended')}
          </Tag>
        ) : (
          <Tag color="success" icon={<CheckOutlined />} data-testid={`provider-status-${c.id}`}>
            {t('provider.clubs.active')}
          </Tag>
        ),
    },
    {
      key: 'actions',
      title: <span className={styles.srOnly}>{t('provider.clubs.columns.actions')}</span>,
      width: 250,
      // wide, the actions stay in sight while the table scrolls; narrow, they would hide the club
      fixed: isDesktop ? 'right' : undefined,
      render: (_, c) => (
        <div className={styles.rowActions}>
          <Button
            icon={<ControlOutlined />}
            onClick={() => onFlags(c)}
            aria-label={t('provider.clubs.editFlagsOf', { club: c.title })}
            data-testid={`provider-edit-flags-${c.id}`}
          >
            {t('provider.clubs.editFlags')}
          </Button>
          {c.suspended ? (
            <Button
              icon={<PlayCircleOutlined />}
              onClick={() => onSuspend(c)}
              aria-label={t('provider.clubs.reactivateOf', { club: c.title })}
              data-testid={`provider-reactivate-${c.id}`}
            >
              {t('provider.clubs.reactivate')}
            </Button>
          ) : (
            <Button
              danger
              icon={<PauseCircleOutlined />}
              onClick={() => onSuspend(c)}
              aria-label={t('provider.clubs.suspendOf', { club: c.title })}
              data-testid={`provider-suspend-${c.id}`}
            >
              {t('provider.clubs.suspend')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className={layout.tableCard} data-testid="provider-clubs">
      {loading ? (
        <TableSkeleton rows={4} />
      ) : (
        <Table<ProviderClub>
          rowKey="id"
          size="middle"
          tableLayout="fixed"
          columns={columns}
          dataSource={clubs}
          scroll={{ x: 1100 }}
          sticky
          rowClassName={(c) => (c.suspended ? styles.suspendedRow : '')}
          pagination={clubs.length > 50 ? { pageSize: 50, showSizeChanger: false, className: layout.pagination } : false}
          locale={{
            emptyText: (
              <TableEmpty
                image={<ShopOutlined className={layout.emptyIcon} />}
                title={t('provider.clubs.emptyTitle')}
                help={t('provider.clubs.emptyHelp')}
                testId="provider-clubs-empty"
                action={
                  <Button type="primary" icon={<PlusOutlined />} onClick={onNew}>
                    {t('provider.newClub')}
                  </Button>
                }
              />
            ),
          }}
        />
      )}
    </div>
  );
}
