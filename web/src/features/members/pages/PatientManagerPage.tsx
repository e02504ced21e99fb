import '../i18n';
import { DeleteOutlined, DownloadOutlined, FileExcelOutlined, FileTextOutlined, LoginOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { reportApiError } from '../../../shared/api';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { exportMembers, useDeleteMember, type ExportFormat } from '../api';
import { AccessControlModal } from '../components/AccessControlModal';
import { ResultCount } from '../components/bits';
import { MemberDetailModal } from '../components/MemberDetailModal';
import { pickedOf } from '../components/MemberPicker';
import { MemberSearchBar } from '../components/MemberSearchBar';
import { MemberTable } from '../components/MemberTable';
import { QrSearch } from '../components/QrSearch';
import { memberErrorText, shownLocally } from '../errors';
import { useSelectedMembers } from '../selection';
import { useMemberAccess } from '../useMemberAccess';
import { useMemberList } from '../useMemberList';
import styles from '../members.module.css';
import { useApp } from '../../../shared/ui/useApp';

export const MANAGER_PAGE_SIZE = 14;

/**
 * Route "patientmanager": the member search bar, a table with server paging of 14, the member
 * detail modal, access control for the selected rows, and the Excel / CSV export of all matches
 * (Manager, Administrador). ?propdni= prefills the ID number search; ?nid= opens that member.
 */
export default function PatientManagerPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const access = useMemberAccess();
  const club = access.clubId;
  const list = useMemberList({ pageSize: MANAGER_PAGE_SIZE });
  const [selected, setSelected] = useSelectedMembers();
  const [accessOpen, setAccessOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const del = useDeleteMember();
  const handled = useRef<string | null>(null);

  // ?propdni=… prefills the ID number and searches; ?nid=… opens that member (after saving one).
  useEffect(() => {
    const propdni = params.get('propdni') ?? '';
    const nid = Number(params.get('nid') ?? '');
    const sig = `${club}:${propdni}:${nid}`;
    if (handled.current === sig) return;
    handled.current = sig;
    if (propdni) {
      list.form.setFieldsValue({ dni: propdni });
      void list.run(list.form.getFieldsValue(), { announce: !(nid > 0) });
    }
    if (nid > 0) list.open(nid);
  }, [club, params, list]);

  useEffect(() => {
    list.keychainRef.current?.focus();
  }, [list.keychainRef]);

  const doExport = async (format: ExportFormat) => {
    setExporting(format);
    const key = 'member-export';
    message.loading({ content: t('members.manager.exporting'), key, duration: 0 });
    try {
      await exportMembers(club, list.query, format);
      message.success({ content: t('members.manager.exported', { file: `socios.${format}` }), key, duration: 3 });
    } catch (e) {
      if (shownLocally(e)) message.error({ content: memberErrorText(e, t, i18n), key, duration: 5 });
      else {
        message.destroy(key);
        reportApiError(e); // the export is fetched outside the query client: the app's dialogs still apply
      }
    } finally {
      setExporting(null);
    }
  };

  const openAccess = () => {
    if (selected.length === 0) {
      message.warning(t('members.access.selectOne'), 3);
      return;
    }
    setAccessOpen(true);
  };

  const deleteSelected = () => {
    if (selected.length === 0) {
      message.warning(t('members.common.selectFirst'), 3);
      return;
    }
    modal.confirm({
      centered: true,
      title: t('members.common.deleteManyTitle', { count: selected.length }),
      content: t('members.common.confirmDelete'),
      okText: t('members.common.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        let ok = 0;
        for (const m of selected) {
          try {
            await del.mutateAsync(m.nid);
            ok++;
          } catch (e) {
            if (shownLocally(e)) message.error(memberErrorText(e, t, i18n), 5);
            break;
          }
        }
        if (ok > 0) message.success(t('members.common.deletedMany', { count: ok }), 3);
        setSelected([]);
      },
    });
  };

  const total = list.list.data?.total ?? 0;

  return (
    <div className={layout.page} data-testid="patientmanager-page">
      <PageHeader
        title={t('members.manager.title')}
        subtitle={<ResultCount data={list.list.data} hint={t('members.manager.subtitle')} />}
        actions={
          <>
            {access.can.export && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'xlsx', icon: <FileExcelOutlined />, label: <span data-testid="export-xlsx">{t('members.manager.exportXlsx')}</span> },
                    { key: 'csv', icon: <FileTextOutlined />, label: <span data-testid="export-csv">{t('members.manager.exportCsv')}</span> },
                  ],
                  onClick: ({ key }) => void doExport(key as ExportFormat),
                }}
              >
                <Button size="large" icon={<DownloadOutlined />} loading={exporting !== null} data-testid="export-button">
                  {t('members.manager.export')}
                </Button>
              </Dropdown>
            )}
            {access.can.create && (
              <Button size="large" type="primary" icon={<UserAddOutlined />} onClick={() => navigate('/patientcreate')} data-testid="add-member">
                {t('members.manager.add')}
              </Button>
            )}
          </>
        }
      />

      <MemberSearchBar
        form={list.form}
        onSearch={(v) => void list.run(v)}
        searching={list.searching}
        keychainRef={list.keychainRef}
        onQr={access.can.qrSearch ? () => setQrOpen(true) : undefined}
      />

      {list.list.data?.more && (
        <Alert type="info" showIcon title={t('members.common.refine', { count: total })} data-testid="refine-search" />
      )}

      <div className={styles.selectionBar} data-testid="selection-bar">
        <span className={styles.selectionText}>
          {selected.length > 0 ? (
            <>
              <strong>{t('members.common.selected', { count: selected.length })}</strong>
              <Button type="link" size="small" onClick={() => setSelected([])} data-testid="clear-selection">
                {t('members.common.clearSelection')}
              </Button>
            </>
          ) : (
            <span className={cells.muted}>{t('members.common.noneSelected')}</span>
          )}
        </span>
        <span className={styles.selectionActions}>
          {access.can.checkInOut && (
            <Button icon={<LoginOutlined />} onClick={openAccess} data-testid="selection-access">
              {t('members.manager.access')}
            </Button>
          )}
          {access.can.delete && (
            <Button danger icon={<DeleteOutlined />} onClick={deleteSelected} data-testid="selection-delete">
              {t('members.common.delete')}
            </Button>
          )}
        </span>
      </div>

      <MemberTable
        testId="members-table"
        columns={['photo', 'number', 'name', 'surnames', 'dni', 'phone', 'type', 'category', 'expiry', 'status']}
        {...list.table}
        selectedIds={selected.map((m) => m.nid)}
        onSelect={(rows, ids) => {
          // Members picked on other pages stay picked; this page's rows come as the table reports them.
          const byId = new Map(selected.map((m) => [m.nid, m]));
          for (const r of rows) byId.set(r.nid, pickedOf(r));
          setSelected(ids.map((id) => byId.get(id)).filter((m): m is NonNullable<typeof m> => !!m));
        }}
        empty={{
          title: t('members.manager.emptyTitle'),
          help: t('members.manager.emptyHelp'),
          action: access.can.create ? (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => navigate('/patientcreate')}>
              {t('members.manager.add')}
            </Button>
          ) : undefined,
        }}
      />

      <MemberDetailModal nid={list.opened?.nid ?? null} initial={list.opened?.initial} access={access} onClose={list.close} />

      <AccessControlModal
        open={accessOpen}
        club={club}
        members={selected}
        onMembersChange={setSelected}
        onClose={() => setAccessOpen(false)}
      />

      {access.can.qrSearch && (
        <QrSearch
          open={qrOpen}
          onClose={() => setQrOpen(false)}
          onCode={(code) => {
            setQrOpen(false);
            list.form.resetFields();
            list.form.setFieldsValue({ dni: code });
            // A member's QR carries the ID number; a card or fob may carry the key fob code.
            void list.run({ dni: code }, { fallbacks: [{ keychain: code }] });
          }}
        />
      )}
    </div>
  );
}
