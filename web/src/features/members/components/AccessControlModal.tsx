import { LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Form, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '../../../shared/ui/layout.module.css';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { useCheckInOut, type AccessAction } from '../api';
import { memberErrorText, shownLocally } from '../errors';
import styles from '../members.module.css';
import { MemberPicker, type PickedMember } from './MemberPicker';
import { MemberSheet } from './MemberSheet';
import { useApp } from '../../../shared/ui/useApp';

interface Props extends DialogProps {
  club: number;
  members: PickedMember[];
  onMembersChange: (m: PickedMember[]) => void;
  onDone?: () => void;
}

/**
 * Member access control: check-in or check-out (one at a time) for the selected members, who can
 * also be added here by key fob, name or number. 'Selecciona un socio al menos' with none.
 */
export function AccessControlModal({ open, club, members, onMembersChange, onClose, onDone, afterClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const [action, setAction] = useState<AccessAction>('ENTRA');
  const [busy, setBusy] = useState(false);
  const check = useCheckInOut();

  useEffect(() => {
    if (open) setAction('ENTRA');
  }, [open]);

  const submit = async () => {
    if (members.length === 0) {
      message.warning(t('members.access.selectOne'), 3);
      return;
    }
    setBusy(true);
    let ok = 0;
    let firstError: unknown = null;
    for (const m of members) {
      try {
        await check.mutateAsync({ nid: m.nid, action });
        ok++;
      } catch (e) {
        firstError ??= e;
      }
    }
    setBusy(false);
    if (firstError === null) {
      message.success({
        content: action === 'ENTRA' ? t('members.access.checkedIn') : t('members.access.checkedOut'),
        duration: 3,
        key: 'member-access',
      });
      onDone?.();
      onClose();
    } else if (ok > 0) {
      message.warning(t('members.access.partial', { ok, total: members.length, message: memberErrorText(firstError, t, i18n) }), 6);
    } else if (shownLocally(firstError)) {
      message.error(memberErrorText(firstError, t, i18n), 5);
    }
  };

  return (
    <MemberSheet
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      width={560}
      title={t('members.access.title')}
      data-testid="access-dialog"
      footer={
        <div className={styles.modalFooter}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            icon={action === 'ENTRA' ? <LoginOutlined /> : <LogoutOutlined />}
            onClick={() => void submit()}
            loading={busy}
            data-testid="access-submit"
          >
            {t('members.access.confirm')}
          </Button>
        </div>
      }
    >
      <p className={layout.modalLead}>{t('members.access.subtitle')}</p>
      <Form layout="vertical" onFinish={() => void submit()} component="div">
        <Form.Item label={t('members.access.action')}>
          <Radio.Group
            value={action}
            onChange={(e) => setAction(e.target.value as AccessAction)}
            optionType="button"
            buttonStyle="solid"
            size="large"
            className={styles.accessRadio}
            data-testid="access-action"
            options={[
              { value: 'ENTRA', label: <span data-testid="access-in"><LoginOutlined /> {t('members.access.checkIn')}</span> },
              { value: 'SALE', label: <span data-testid="access-out"><LogoutOutlined /> {t('members.access.checkOut')}</span> },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('members.access.members')} extra={members.length === 0 ? t('members.access.none') : undefined}>
          <MemberPicker
            club={club}
            value={members}
            onChange={onMembersChange}
            size="large"
            placeholder={t('members.access.addPlaceholder')}
            aria-label={t('members.access.members')}
            autoFocus
            data-testid="access-members"
          />
        </Form.Item>
      </Form>
    </MemberSheet>
  );
}
