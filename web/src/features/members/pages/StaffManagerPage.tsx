import '../i18n';
import { DeleteOutlined, EditOutlined, MessageOutlined, MoreOutlined, NotificationOutlined, PoweroffOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResultCount } from '../components/bits';
import { MemberDetailModal } from '../components/MemberDetailModal';
import { MemberSearchBar } from '../components/MemberSearchBar';
import { MemberTable } from '../components/MemberTable';
import { useStaffActions } from '../components/StaffActions';
import { useMemberAccess } from '../useMemberAccess';
import { useMemberList } from '../useMemberList';

export const STAFF_PAGE_SIZE = 10;

/**
 * Route "staffmanager": the member search restricted to staff (is_staff=1), Enter or Search runs
 * it, server paging of 10; a row opens the member modal; push, SMS invitation, status, delete, edit.
 */
export default function StaffManagerPage() {
  const { t } = useTranslation();
  const access = useMemberAccess();
  const list = useMemberList({ pageSize: STAFF_PAGE_SIZE, staffOnly: true });
  const actions = useStaffActions(access);

  useEffect(() => {
    list.keychainRef.current?.focus();
  }, [list.keychainRef]);

  return (
    <div className={layout.page} data-testid="staffmanager-page">
      <PageHeader title={t('members.staff.title')} subtitle={<ResultCount data={list.list.data} hint={t('members.staff.subtitle')} />} />

      <MemberSearchBar form={list.form} onSearch={(v) => void list.run(v)} searching={list.searching} keychainRef={list.keychainRef} testIdPrefix="staff-search" />

      <MemberTable
        testId="staff-table"
        compact
        columns={['photo', 'number', 'name', 'surnames', 'dni', 'email', 'phone', 'wallet', 'expiryDate', 'type', 'online', 'active']}
        {...list.table}
        empty={{ title: t('members.staff.emptyTitle'), help: t('members.staff.emptyHelp') }}
        actions={(m) => (
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{
              items: [
                ...(access.can.push
                  ? [{ key: 'push', icon: <NotificationOutlined />, label: <span data-testid="staff-push">{t('members.staff.push')}</span> }]
                  : []),
                ...(access.can.smsInvite
                  ? [{ key: 'sms', icon: <MessageOutlined />, label: <span data-testid="staff-sms">{t('members.staff.sms')}</span> }]
                  : []),
                ...(access.can.modify
                  ? [{ key: 'edit', icon: <EditOutlined />, label: <span data-testid="staff-edit">{t('members.staff.edit')}</span> }]
                  : []),
                ...(access.can.toggleStatus
                  ? [
                      {
                        key: 'status',
                        icon: <PoweroffOutlined />,
                        label: (
                          <span data-testid="staff-status">
                            {m.status_member === 1 ? t('members.detail.deactivate') : t('members.detail.activate')}
                          </span>
                        ),
                      },
                    ]
                  : []),
                ...(access.can.delete
                  ? [
                      { type: 'divider' as const },
                      { key: 'delete', danger: true, icon: <DeleteOutlined />, label: <span data-testid="staff-delete">{t('members.common.delete')}</span> },
                    ]
                  : []),
              ],
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'push') actions.openPush(m);
                if (key === 'sms') actions.invite(m);
                if (key === 'edit') actions.edit(m);
                if (key === 'status') actions.toggleStatus(m);
                if (key === 'delete') actions.remove(m);
              },
            }}
          >
            <Button icon={<MoreOutlined />} aria-label={t('members.common.actions')} data-testid={`staff-more-${m.nid}`} />
          </Dropdown>
        )}
      />

      <MemberDetailModal nid={list.opened?.nid ?? null} initial={list.opened?.initial} access={access} onClose={list.close} />
      {actions.modals}
    </div>
  );
}
