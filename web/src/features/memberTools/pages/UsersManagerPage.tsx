import '../i18n';
import { CheckCircleFilled, UserAddOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { USERS_PAGE_SIZE, useClubUsers, type ClubUser } from '../api';
import { PageHeader } from '../components/PageHeader';
import shared from '../memberTools.module.css';
import styles from './usersManager.module.css';

/** Route "usersmanager": the online accounts (app users) of the club's members, 24 per page. */
export default function UsersManagerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const users = useClubUsers(page - 1);
  const total = users.data?.total ?? 0;
  const dash = t('common.notAvailable');

  const columns: TableColumnsType<ClubUser> = [
    {
      key: 'number',
      title: t('memberTools.users.number'),
      dataIndex: 'number',
      width: 76,
      align: 'right',
      fixed: isDesktop ? undefined : 'left',
      render: (n: number) => <span className={styles.number}>{n || dash}</span>,
    },
    { key: 'name', title: t('memberTools.users.username'), dataIndex: 'name', width: 130, ellipsis: true },
    { key: 'firstName', title: t('memberTools.users.firstName'), dataIndex: 'field_user_name', width: 100, ellipsis: true },
    { key: 'surname', title: t('memberTools.users.surname'), dataIndex: 'field_user_surname', width: 130, ellipsis: true },
    {
      key: 'dni',
      title: t('memberTools.users.dni'),
      dataIndex: 'field_user_dni',
      width: 104,
      render: (v: string) => <span className={shared.mono}>{v || dash}</span>,
    },
    {
      key: 'mail',
      title: t('memberTools.users.email'),
      dataIndex: 'mail',
      width: 160,
      ellipsis: { showTitle: false },
      render: (v: string) =>
        v ? (
          <Tooltip title={v} placement="topLeft">
            <a href={`mailto:${v}`}>{v}</a>
          </Tooltip>
        ) : (
          dash
        ),
    },
    {
      key: 'tlf',
      title: t('memberTools.users.phone'),
      dataIndex: 'field_user_tlf',
      width: 104,
      render: (v: string) => <span className={shared.num}>{v || dash}</span>,
    },
    {
      key: 'staff',
      title: t('memberTools.users.staff'),
      dataIndex: 'is_staff',
      width: 92,
      align: 'center',
      render: (v: boolean) =>
        v ? (
          <Tooltip title={t('memberTools.users.staffYes')}>
            <CheckCircleFilled className={styles.staffIcon} aria-label={t('memberTools.users.staffYes')} />
          </Tooltip>
        ) : (
          <span className={shared.muted} aria-label={t('memberTools.users.staffNo')}>
            –
          </span>
        ),
    },
    {
      key: 'login',
      title: t('memberTools.users.lastLogin'),
      dataIndex: 'login',
      width: 134,
      render: (v: number) =>
        v ? <span className={shared.num}>{formatDateTime(v)}</span> : <span className={shared.muted}>{t('memberTools.users.never')}</span>,
    },
    {
      key: 'status',
      title: t('memberTools.users.status'),
      dataIndex: 'status',
      width: 96,
      render: (v: number) =>
        v === 1 ? (
          <Tag color="success" bordered={false}>
            {t('memberTools.users.active')}
          </Tag>
        ) : (
          <Tag color="error" bordered={false}>
            {t('memberTools.users.blocked')}
          </Tag>
        ),
    },
  ];

  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next, { replace: true });
  };

  return (
    <div className={shared.page} data-testid="users-manager">
      <PageHeader
        icon={<UserSwitchOutlined />}
        title={t('memberTools.users.title')}
        subtitle={users.data ? t('memberTools.users.subtitle', { n: total }) : t('memberTools.users.subtitleLoading')}
        extra={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => navigate('/userinvite')} data-testid="users-register">
            {t('memberTools.users.register')}
          </Button>
        }
      />
      <Card className={`${shared.card} ${styles.tableCard}`}>
        {users.isError && !users.data ? (
          <Result
            status="warning"
            title={t('memberTools.users.loadError')}
            extra={<Button onClick={() => void users.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <Table<ClubUser>
            rowKey="uid"
            columns={columns}
            dataSource={users.data?.data ?? []}
            loading={users.isFetching && !users.isPending ? { delay: 300 } : false}
            sticky={isDesktop ? { offsetHeader: 64 } : undefined}
            scroll={{ x: 1120 }}
            data-testid="users-table"
            locale={{
              emptyText: users.isPending ? (
                <div className={styles.skeletonRows} aria-busy="true">
                  {Array.from({ length: 8 }, (_, i) => (
                    <div key={i} className={styles.skeletonRow} />
                  ))}
                </div>
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <>
                      <strong>{t('memberTools.users.empty')}</strong>
                      <br />
                      {t('memberTools.users.emptyHelp')}
                    </>
                  }
                >
                  <Button type="primary" icon={<UserAddOutlined />} onClick={() => navigate('/userinvite')}>
                    {t('memberTools.users.register')}
                  </Button>
                </Empty>
              ),
            }}
            pagination={{
              current: page,
              pageSize: USERS_PAGE_SIZE,
              total,
              showSizeChanger: false,
              hideOnSinglePage: false,
              showTotal: (n, [from, to]) => t('memberTools.users.range', { from, to, total: n }),
              onChange: setPage,
              simple: !isDesktop,
            }}
          />
        )}
      </Card>
    </div>
  );
}
