import { CheckCircleFilled, MessageOutlined, UserAddOutlined, WarningFilled } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Col, DatePicker, Form, Input, Row, Switch, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../shared/format/dayjs';
import { isApiError } from '../../../shared/api';
import { admissionErrorText, useAdmissionRules } from '../../../shared/admission';
import { SheetModal } from '../../../shared/ui/SheetModal';
import { useRegisterMember, type RegisterReply } from '../api';
import { useErrorText } from '../errors';
import {
  EMAIL_MAX,
  declarationsAsked,
  EMPTY_REGISTRATION,
  fieldOfRefusal,
  missingDniOrPhone,
  PHONE_MAX,
  toRegisterInput,
  type RegistrationValues,
} from '../registration';
import styles from './registerMember.module.css';
import { dateFormat } from '../../../shared/format';

type FormValues = Omit<RegistrationValues, 'birthdate'> & { birthdate: ReturnType<typeof dayjs> | null };

/** The form field each server validation code is about. */
const FIELD_OF_ERROR: Record<string, keyof FormValues> = {
  'member.dni_taken': 'dni',
  'member.dni_required': 'dni',
  'member.account_taken': 'dni',
  'member.name_required': 'name',
  'member.surname_required': 'surname',
  'member.email_invalid': 'email',
  'member.email_too_long': 'email',
  'member.account_in_use': 'email',
  'member.phone_invalid': 'tlf',
  'member.number_taken': 'mjid',
  'member.number_invalid': 'mjid',
};

interface Props {
  open: boolean;
  onClose: () => void;
  /** Values to start with (from a document read); the form is reset to them on every opening. */
  prefill?: Partial<RegistrationValues>;
  /** The prefill came from reading an identity document. */
  fromDocument?: boolean;
}

function toForm(v: Partial<RegistrationValues>): FormValues {
  const all = { ...EMPTY_REGISTRATION, ...v };
  return { ...all, birthdate: all.birthdate ? dayjs(all.birthdate, 'YYYY-MM-DD') : null };
}

/** The new-member registration dialog (userinvite): POST /api/patient_dni, optional SMS invitation. */
export function RegisterMemberModal({ open, onClose, prefill, fromDocument }: Props) {
  const { t, i18n } = useTranslation();
  const { notification, message } = App.useApp();
  const register = useRegisterMember();
  // The club's rules may ask a birth date and signed statements of every new member.
  const admission = useAdmissionRules().data;
  const declarations = declarationsAsked(admission);
  const errorText = useErrorText();
  const [form] = Form.useForm<FormValues>();
  const [missing, setMissing] = useState(false);
  const [done, setDone] = useState<RegisterReply | null>(null);
  const firstRef = useRef<InputRef | null>(null);
  const dniRef = useRef<InputRef | null>(null);
  const phoneRef = useRef<InputRef | null>(null);

  const focusFirst = () => {
    // After a document read only the phone (and e-mail) are left to type.
    const v = form.getFieldsValue();
    if (v.name && v.surname && v.dni && !v.tlf) phoneRef.current?.focus();
    else firstRef.current?.focus();
  };

  const restart = () => {
    setDone(null);
    setMissing(false);
    form.resetFields();
    form.setFieldsValue(toForm({}));
    requestAnimationFrame(() => firstRef.current?.focus());
  };

  const onFinish = (v: FormValues) => {
    const values: RegistrationValues = {
      ...v,
      mjid: v.mjid ?? '',
      email: v.email ?? '',
      birthdate: v.birthdate ? v.birthdate.format('YYYY-MM-DD') : '',
      sendsms: !!v.sendsms,
    };
    if (missingDniOrPhone(values)) {
      setMissing(true);
      (values.dni.trim() === '' ? dniRef : phoneRef).current?.focus();
      return;
    }
    setMissing(false);
    register.mutate(toRegisterInput(values), {
      onSuccess: (reply) => {
        setDone(reply);
        void message.success(t('memberTools.invite.success'), 4);
      },
      onError: (e) => {
        const text = admissionErrorText(e, t, i18n) ?? errorText(e);
        notification.error({ title: t('memberTools.invite.failed'), description: text, duration: 8 });
        // Point at the field the server refused, so the next keystroke fixes it.
        const field = isApiError(e) ? (fieldOfRefusal(e.field) ?? (e.code ? FIELD_OF_ERROR[e.code] : undefined)) : undefined;
        if (field) {
          form.setFields([{ name: field, errors: [text] }]);
          form.focusField(field);
        }
      },
    });
  };

  return (
    <SheetModal
      width={640}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      title={
        <span className={styles.title}>
          <UserAddOutlined /> {t('memberTools.invite.modalTitle')}
        </span>
      }
      afterOpenChange={(visible) => {
        if (visible) focusFirst();
      }}
      afterClose={() => {
        setDone(null);
        setMissing(false);
      }}
    >
      <div data-testid="register-modal">
        {done ? (
          <RegisteredView reply={done} onAnother={restart} onClose={onClose} />
        ) : (
          <Form<FormValues>
            form={form}
            layout="vertical"
            requiredMark
            scrollToFirstError={{ focus: true, block: 'center' }}
            initialValues={toForm(prefill ?? {})}
            onFinish={onFinish}
            onValuesChange={(changed) => {
              // A server refusal shown on a field goes away once the field is edited.
              for (const name of Object.keys(changed) as (keyof FormValues)[]) {
                if (form.getFieldError(name).length > 0 && !['name', 'surname', 'email', 'tlf', 'mjid'].includes(name)) {
                  form.setFields([{ name, errors: [] }]);
                }
              }
              if (missing && ('dni' in changed || 'tlf' in changed)) {
                setMissing(missingDniOrPhone({ dni: form.getFieldValue('dni') ?? '', tlf: form.getFieldValue('tlf') ?? '' }));
              }
            }}
            data-testid="register-form"
          >
            {fromDocument && (
              <Alert className={styles.alert} type="info" showIcon title={t('memberTools.invite.fromDocument')} data-testid="register-from-document" />
            )}
            {missing && (
              <Alert className={styles.alert} type="error" showIcon title={t('memberTools.invite.dniPhoneRequired')} role="alert" data-testid="register-missing" />
            )}
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item name="name" label={t('memberTools.invite.name')} rules={[{ required: true, whitespace: true, message: t('memberTools.invite.nameRequired') }]}>
                  <Input ref={firstRef} maxLength={80} autoComplete="off" data-testid="register-name" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="surname" label={t('memberTools.invite.surname')} rules={[{ required: true, whitespace: true, message: t('memberTools.invite.surnameRequired') }]}>
                  <Input maxLength={80} autoComplete="off" data-testid="register-surname" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="dni"
                  label={t('memberTools.invite.dni')}
                  required
                  validateStatus={missing && !form.getFieldValue('dni') ? 'error' : undefined}
                >
                  <Input ref={dniRef} maxLength={30} autoComplete="off" className={styles.upper} data-testid="register-dni" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="tlf"
                  label={t('memberTools.invite.phone')}
                  required
                  validateStatus={missing && !form.getFieldValue('tlf') ? 'error' : undefined}
                  rules={[{ pattern: /^[\d\s.\-()]*$/, message: t('memberTools.invite.phoneDigits') }]}
                >
                  <Input ref={phoneRef} maxLength={PHONE_MAX} inputMode="tel" autoComplete="off" data-testid="register-phone" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="email" label={t('memberTools.invite.email')} rules={[{ type: 'email', message: t('memberTools.invite.emailInvalid') }]}>
                  <Input maxLength={EMAIL_MAX} inputMode="email" autoComplete="off" data-testid="register-email" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="birthdate" label={t('memberTools.invite.birthdate')} required={admission?.birthdate_required}>
                  <DatePicker
                    className={styles.full}
                    format={dateFormat()}
                    placeholder={t('memberTools.invite.birthdatePlaceholder')}
                    disabledDate={(d) => d.isAfter(dayjs())}
                    data-testid="register-birthdate"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="mjid"
                  label={t('memberTools.invite.number')}
                  extra={t('memberTools.invite.numberHelp')}
                  rules={[{ pattern: /^\d*$/, message: t('memberTools.invite.numberDigits') }]}
                >
                  <Input maxLength={9} inputMode="numeric" placeholder={t('memberTools.invite.numberPlaceholder')} autoComplete="off" data-testid="register-number" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="sendsms" label={t('memberTools.invite.sms')} valuePropName="checked" extra={t('memberTools.invite.smsHelp')}>
                  <Switch data-testid="register-sms" />
                </Form.Item>
              </Col>
              {declarations.length > 0 && (
                <Col xs={24}>
                  <Form.Item
                    name="declarations"
                    label={t('admission.title')}
                    extra={admission?.declarations_source ? t('admission.inviteLawHint', { source: admission.declarations_source }) : t('admission.inviteClubHint')}
                  >
                    <Checkbox.Group className={styles.declarations} data-testid="register-declarations">
                      {declarations.map((d) => (
                        <Checkbox key={d} value={d}>
                          {t(`admission.declarations.${d}.statement`)}
                        </Checkbox>
                      ))}
                    </Checkbox.Group>
                  </Form.Item>
                </Col>
              )}
            </Row>
            <div className={styles.actions}>
              <Button size="large" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button size="large" type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={register.isPending} data-testid="register-submit">
                {t('memberTools.invite.submit')}
              </Button>
            </div>
          </Form>
        )}
      </div>
    </SheetModal>
  );
}

function RegisteredView({ reply, onAnother, onClose }: { reply: RegisterReply; onAnother: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const m = reply.member;
  const sms = reply.sms;
  return (
    <div className={styles.done} data-testid="register-done">
      <CheckCircleFilled className={styles.doneIcon} />
      <p className={styles.doneTitle}>{t('memberTools.invite.success')}</p>
      <p className={styles.doneMember}>
        <span className={styles.doneNumber}>{t('memberTools.invite.memberNumber', { n: m.number })}</span>
        <span>{[m.nombre, m.surname].filter(Boolean).join(' ')}</span>
      </p>
      {sms === 'sent' && (
        <Alert className={styles.smsAlert} type="success" showIcon icon={<MessageOutlined />} title={t('memberTools.invite.smsSent')} data-testid="register-sms-state" />
      )}
      {(sms === 'not_sent' || sms === 'failed') && (
        <Alert
          className={styles.smsAlert}
          type="warning"
          showIcon
          icon={<WarningFilled />}
          title={sms === 'not_sent' ? t('memberTools.invite.smsNotSent') : t('memberTools.invite.smsFailed')}
          description={t('memberTools.invite.smsHowTo')}
          data-testid="register-sms-state"
        />
      )}
      <div className={styles.actions}>
        <Button size="large" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button size="large" type="primary" icon={<UserAddOutlined />} onClick={onAnother} autoFocus data-testid="register-another">
          {t('memberTools.invite.another')}
        </Button>
      </div>
    </div>
  );
}
