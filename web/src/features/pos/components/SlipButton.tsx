import { DownOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApiError, shownLocally } from '../../../shared/api';
import { useClubId } from '../../../shared/session/clubId';
import { useApp } from '../../../shared/ui/useApp';
import { posErrorText } from '../errors';
import { printSlip, SLIP_SIZES, type SlipSize } from '../slip';

interface Props {
  oid: number;
  size?: 'small' | 'middle';
  /** the button's look: a link where it sits in one line with other links */
  type?: 'default' | 'link';
}

/**
 * "Hoja informativa" (KCanG § 21): the information slip of a paid order, fetched as a PDF and
 * printed on the counter's 80 mm roll; the arrow offers an A6 sheet too.
 */
export function SlipButton({ oid, size = 'middle', type = 'default' }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const club = useClubId();
  const [busy, setBusy] = useState(false);

  const print = async (paper: SlipSize) => {
    setBusy(true);
    try {
      await printSlip(club, oid, paper);
    } catch (e) {
      if (shownLocally(e)) message.error({ content: posErrorText(e, t, i18n), key: 'slip', duration: 5 });
      else reportApiError(e); // fetched outside the query client: the app's dialogs still apply
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space.Compact size={size}>
      <Button type={type === 'link' ? 'link' : 'default'} icon={<FileTextOutlined />} loading={busy} onClick={() => void print('80mm')} data-testid="slip-print">
        {t('pos.slip.button')}
      </Button>
      <Dropdown
        trigger={['click']}
        disabled={busy}
        menu={{
          items: SLIP_SIZES.map((s) => ({ key: s, label: t(`pos.slip.sizes.${s}`), 'data-testid': `slip-size-${s}` })),
          onClick: ({ key }) => void print(key as SlipSize),
        }}
      >
        <Button type={type === 'link' ? 'link' : 'default'} icon={<DownOutlined />} aria-label={t('pos.slip.choose')} title={t('pos.slip.choose')} data-testid="slip-size" />
      </Dropdown>
    </Space.Compact>
  );
}
