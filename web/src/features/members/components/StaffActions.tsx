import { App, Button, Form, Input, Select, Space, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import layout from '../../../shared/ui/layout.module.css';
import { usePush, useSaveMember, useSmsInvite } from '../api';
import { memberErrorText, shownLocally } from '../errors';
import {
  COUNTRIES,
  DEFAULT_DIAL,
  fullName,
  invitationPhone,
  MAX_PHONE_PROMPT,
  MAX_PUSH,
  normaliseDial,
  splitPhone,
  type Member,
} from '../model';
import type { MemberAccess } from '../useMemberAccess';
import styles from '../members.module.css';
import { MemberSheet } from './MemberSheet';
import { useConfirmDeleteMember } from './useConfirmDeleteMember';

type Feedback = 'success' | 'info' | 'warning' | 'error';

/**
 * The staff screen's actions on a member: push (16 characters), SMS invitation (activating the
 * online account and asking for a phone when needed), status, delete, edit. The reply's `state`
 * decides what the person is told: never "sent" when the server says it was not.
 */
export function useStaffActions(access: MemberAccess) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const club = access.clubId;
  const save = useSaveMember();
  const push = usePush();
  const sms = useSmsInvite();
  const [pushFor, setPushFor] = useState<Member | null>(null);
  const [phoneFor, setPhoneFor] = useState<Member | null>(null);
  const fail = (e: unknown) => {
    if (shownLocally(e)) message.error(memberErrorText(e, t, i18n), 5);
  };
  const tell = (kind: Feedback, text: string) => message[kind]({ content: text, duration: kind === 'success' ? 3 : 6 });

  const openPush = (m: Member) => {
    if (!m.online_account || !m.user?.uid) {
      message.error(t('members.staff.noOnlineAccount'), 4);
      return;
    }
    setPushFor(m);
  };

  const sendInvite = (m: Member, tlf: string, countryCode: string) => {
    if (!m.user?.uid) return;
    sms.mutate(
      { uid: m.user.uid, tlf, country_code: normaliseDial(countryCode) || DEFAULT_DIAL },
      {
        onSuccess: (r) => {
          setPhoneFor(null);
          if (r.state === 'sent') tell('success', t('members.staff.smsSent'));
          else if (r.state === 'not_sent') tell('warning', i18n.language === 'es' && r.message ? r.message : t('members.staff.smsNotSent'));
          else tell('error', i18n.language === 'es' && r.message ? r.message : t('members.staff.smsFailed', { error: r.error || r.state }));
        },
        onError: fail,
      },
    );
  };

  const continueInvite = (m: Member) => {
    const phone = invitationPhone(m);
    if (!phone) {
      setPhoneFor(m);
      return;
    }
    sendInvite(m, phone, m.country_code);
  };

  const invite = (m: Member) => {
    // An existing account is the person's: the club waits for them to accept the link mailed to them.
    if (m.account_link_pending) {
      tell('info', t('members.staff.linkPending'));
      return;
    }
    if (!m.online_account || !m.user?.uid) {
      modal.confirm({
      centered: true,
        title: t('members.staff.sms'),
        content: t('members.staff.activateOnline'),
        okText: t('members.staff.activateYes'),
        cancelText: t('members.common.no'),
        okButtonProps: { 'data-testid': 'confirm-activate-online' },
        onOk: () =>
          save
            .mutateAsync({ association: club, nid: m.nid, membership_id: m.nid, online_account: true })
            .then((saved) => {
              if (saved.account_link_pending) tell('info', t('members.staff.linkPending'));
              else continueInvite(saved);
            }, fail),
      });
      return;
    }
    continueInvite(m);
  };

  const toggleStatus = (m: Member) => {
    const next = m.status_member === 1 ? 0 : 1;
    save.mutate(
      { association: club, nid: m.nid, membership_id: m.nid, status_member: next },
      {
        onSuccess: () => message.success(next === 1 ? t('members.detail.activated') : t('members.detail.deactivated'), 3),
        onError: fail,
      },
    );
  };

  const { remove: confirmDelete } = useConfirmDeleteMember(fail);
  const remove = (m: Member | null) => confirmDelete(m);

  const edit = (m: Member) => navigate(`/patientcreate?nid=${m.nid}`);

  const modals: ReactNode = (
    <>
      <PushModal
        member={pushFor}
        sending={push.isPending}
        onClose={() => setPushFor(null)}
        onSend={(body) => {
          if (!pushFor?.user?.uid) return;
          push.mutate(
            { body, uids: [pushFor.user.uid] },
            {
              onSuccess: (r) => {
                setPushFor(null);
                if (r.sent > 0) tell('success', t('members.staff.pushSent'));
                else if (r.failed > 0) tell('error', t('members.staff.pushFailed'));
                else tell('warning', i18n.language === 'es' && r.message ? r.message : t('members.staff.pushNotSent'));
              },
              onError: fail,
            },
          );
        }}
      />
      <PhoneModal
        member={phoneFor}
        sending={sms.isPending}
        onClose={() => setPhoneFor(null)}
        onSend={(tlf, cc) => phoneFor && sendInvite(phoneFor, tlf, cc)}
      />
    </>
  );

  return { openPush, invite, toggleStatus, remove, edit, modals, busy: save.isPending || sms.isPending };
}

/** A staff dialog around one form: Cancel and the send button (which submits the form) at its foot. */
function SendDialog({
  member,
  sending,
  onClose,
  form,
  title,
  send,
  testId,
  children,
}: {
  member: Member | null;
  sending: boolean;
  onClose: () => void;
  form: FormInstance;
  title: ReactNode;
  send: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <MemberSheet
      open={member !== null}
      onCancel={onClose}
      width={480}
      title={title}
      afterOpenChange={(o) => o || form.resetFields()}
      data-testid={`${testId}-dialog`}
      footer={
        <div className={styles.modalFooter}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()} loading={sending} data-testid={`${testId}-send`}>
            {send}
          </Button>
        </div>
      }
    >
      {children}
    </MemberSheet>
  );
}

function PushModal({ member, sending, onClose, onSend }: { member: Member | null; sending: boolean; onClose: () => void; onSend: (body: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ body: string }>();
  return (
    <SendDialog
      member={member}
      sending={sending}
      onClose={onClose}
      form={form}
      title={member ? t('members.staff.pushTitle', { name: fullName(member) }) : ''}
      send={t('members.staff.pushSend')}
      testId="push"
    >
      <Form form={form} layout="vertical" onFinish={(v) => onSend(v.body.trim())} requiredMark={false}>
        <Form.Item
          name="body"
          label={t('members.staff.pushLabel')}
          rules={[{ required: true, whitespace: true, message: t('members.staff.pushRequired') }]}
        >
          <Input
            size="large"
            maxLength={MAX_PUSH}
            showCount
            autoFocus
            autoComplete="off"
            placeholder={t('members.staff.pushPlaceholder')}
            data-testid="push-body"
          />
        </Form.Item>
      </Form>
    </SendDialog>
  );
}

function PhoneModal({
  member,
  sending,
  onClose,
  onSend,
}: {
  member: Member | null;
  sending: boolean;
  onClose: () => void;
  onSend: (tlf: string, countryCode: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ tlf: string; cc: string }>();
  return (
    <SendDialog member={member} sending={sending} onClose={onClose} form={form} title={t('members.staff.askPhoneTitle')} send={t('members.staff.send')} testId="phone">
      <p className={layout.modalLead}>{t('members.staff.askPhone')}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ cc: normaliseDial(member?.country_code) || DEFAULT_DIAL }}
        onFinish={(v) => {
          const p = splitPhone(v.tlf, v.cc);
          onSend(p.telefono, p.country_code);
        }}
        requiredMark={false}
      >
        <Form.Item label={t('members.fields.telefono')} required>
          <Space.Compact block>
            <Form.Item name="cc" noStyle>
              <Select
                size="large"
                className={styles.dialSelect}
                popupMatchSelectWidth={false}
                aria-label={t('members.fields.countryCode')}
                options={COUNTRIES.map((c) => ({ value: c.dial, label: `${c.iso} +${c.dial}` }))}
              />
            </Form.Item>
            <Form.Item
              name="tlf"
              noStyle
              rules={[
                { required: true, whitespace: true, message: t('members.staff.phoneRequired') },
                { pattern: /^[\d\s+]+$/, message: t('members.validation.phoneInvalid') },
              ]}
            >
              <Input
                size="large"
                inputMode="tel"
                autoFocus
                maxLength={MAX_PHONE_PROMPT}
                autoComplete="off"
                onPressEnter={() => form.submit()}
                aria-label={t('members.fields.telefono')}
                data-testid="phone-input"
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      </Form>
    </SendDialog>
  );
}
