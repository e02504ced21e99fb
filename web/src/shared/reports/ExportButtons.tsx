import { FileExcelOutlined, FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api';
import { downloadExport, type ExportFormat } from '../api/download';
import './i18n';

type Params = Record<string, string | number | boolean | null | undefined>;

const ICONS = { xlsx: <FileExcelOutlined />, csv: <FileTextOutlined />, pdf: <FilePdfOutlined /> };
const LABELS = { xlsx: 'report.export.excel', csv: 'report.export.csv', pdf: 'report.export.pdf' };

/** The download buttons of a report (Excel and CSV unless told): the server writes `name.xlsx`, `.csv` or `.pdf` of the report's filter. */
export function ExportButtons({
  path,
  params,
  name,
  disabled,
  formats = ['xlsx', 'csv'],
}: {
  path: string;
  params: Params;
  name: string;
  disabled?: boolean;
  formats?: ExportFormat[];
}) {
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
      {formats.map((f) => (
        <Button key={f} size="large" icon={ICONS[f]} loading={busy === f} disabled={disabled} onClick={() => run(f)} data-testid={`export-${f}`}>
          {t(LABELS[f])}
        </Button>
      ))}
    </>
  );
}
