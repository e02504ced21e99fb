import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api';
import { downloadExport, type ExportFormat } from '../api/download';
import './i18n';

type Params = Record<string, string | number | boolean | null | undefined>;

/** The Excel and CSV buttons of a report: the server writes `name.xlsx` / `name.csv` of the report's filter. */
export function ExportButtons({ path, params, name, disabled }: { path: string; params: Params; name: string; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadExport(path, params, name, format);
    } catch (e) {
      message.error(errorText(e, t, (k) => i18n.exists(k)) || t('report.export.failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button size="large" icon={<FileExcelOutlined />} loading={busy === 'xlsx'} disabled={disabled} onClick={() => run('xlsx')} data-testid="export-xlsx">
        {t('report.export.excel')}
      </Button>
      <Button size="large" icon={<FileTextOutlined />} loading={busy === 'csv'} disabled={disabled} onClick={() => run('csv')} data-testid="export-csv">
        {t('report.export.csv')}
      </Button>
    </>
  );
}
