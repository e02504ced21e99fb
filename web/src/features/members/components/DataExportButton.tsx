import { DownloadOutlined, FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../shared/format';
import { useApp } from '../../../shared/ui/useApp';
import { exportMemberData, memberKeys, useDataExports, type DataExportFormat } from '../api';
import { memberErrorText } from '../errors';
import type { Member } from '../model';

/**
 * "Export data (GDPR)": everything the club holds about the member, as JSON (to take elsewhere) or a
 * PDF to read, for the Administrador; the menu says when it was last exported and by whom.
 */
export function DataExportButton({ member, club }: { member: Member; club: number }) {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<DataExportFormat | null>(null);
  const history = useDataExports(member.nid, open);
  const last = history.data?.[0];

  const run = async (format: DataExportFormat) => {
    setBusy(format);
    try {
      await exportMemberData(club, member.nid, member.number, format, i18n.language);
      void qc.invalidateQueries({ queryKey: memberKeys.dataExports(club, member.nid) });
    } catch (e) {
      message.error(memberErrorText(e, t, i18n) || t('members.dataExport.failed'), 5);
    } finally {
      setBusy(null);
    }
  };

  const lastLine = history.isPending
    ? t('members.dataExport.loading')
    : last
      ? t('members.dataExport.last', { date: formatDate(last.at), time: formatTime(last.at), staff: last.staff })
      : t('members.dataExport.never');

  return (
    <Dropdown
      trigger={['click']}
      placement="topLeft"
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: false,
        items: [
          {
            type: 'group',
            label: <span data-testid="data-export-last">{lastLine}</span>,
            children: [
              { key: 'json', icon: <FileTextOutlined />, label: <span data-testid="data-export-json">{t('members.dataExport.json')}</span> },
              { key: 'pdf', icon: <FilePdfOutlined />, label: <span data-testid="data-export-pdf">{t('members.dataExport.pdf')}</span> },
            ],
          },
        ],
        onClick: ({ key }) => {
          setOpen(false);
          void run(key as DataExportFormat);
        },
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy !== null} data-testid="detail-data-export">
        {t('members.dataExport.action')}
      </Button>
    </Dropdown>
  );
}
