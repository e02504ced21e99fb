import '../i18n';
import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined, InboxOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Steps,
  Switch,
  Upload,
  type FormInstance,
  type UploadFile,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError, reportApiError, useClubSetting } from '../../../shared/api';
import { dateFormat, formatDate } from '../../../shared/format';
import { dayjs } from '../../../shared/format/dayjs';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { InlineError } from '../../../shared/ui/InlineError';
import { useDebounced } from '../../../shared/ui/useDebounced';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { checkDni, uploadDocuments, useAdmissionRules, useMember, useMemberCategories, useSaveMember } from '../api';
import { CountryField } from '../components/CountryField';
import { DateField } from '../components/DateField';
import { MemberPicker, type PickedMember } from '../components/MemberPicker';
import { PhotoField } from '../components/PhotoField';
import { SignatureField } from '../../../shared/ui/SignatureField';
import { memberErrorText, shownLocally } from '../errors';
import {
  buildPayload,
  COUNTRIES,
  DEFAULT_DIAL,
  packDial,
  DEFAULT_FORECAST,
  formValuesOf,
  fullName,
  MAX_EMAIL,
  MAX_NOTES,
  placeOfError,
  roleKey,
  SELECTABLE_ROLES,
  validatePersonal,
  type Member,
  type MemberFormValues,
} from '../model';
import { useMemberAccess } from '../useMemberAccess';
import styles from '../members.module.css';
import { useApp } from '../../../shared/ui/useApp';

/** What the antd form holds: the model's values with pickers' own types. */
type FormValues = Omit<MemberFormValues, 'birthday' | 'end_date' | 'endorsement_member' | 'documents'> & {
  birthday?: Dayjs | null;
  end_date?: Dayjs | null;
  guarantors?: PickedMember[];
  foto?: string;
};

type FieldData<V> = Parameters<FormInstance<V>['setFields']>[0][number];


/** The statements a member may sign at admission, in the order the form lists them. */
const DECLARATIONS = ['not_in_other_club', 'resident', 'habitual_use'] as const;

/** An ID number as the server keeps it: upper case, without spaces, dashes or dots. */
const normDni = (s: string | undefined) => (s ?? '').toUpperCase().replace(/[\s.\-\u200B-\u200D\uFEFF]/g, '');

/**
 * Route "patientcreate": add a member, or edit one (?nid=), in three steps: personal data,
 * membership, contract and signature. Step 3 is reached only through the steps. Validation of
 * spec §5 sends the form back to step 1; server refusals show on the step that holds the field.
 */
export default function PatientCreatePage() {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const [params] = useSearchParams();
  const nid = Number(params.get('nid') ?? '') || null;
  const access = useMemberAccess();
  const club = access.clubId;
  const existing = useMember(nid);
  const categories = useMemberCategories();
  const admission = useAdmissionRules().data;
  const save = useSaveMember();
  const [form] = Form.useForm<FormValues>();
  const [step, setStep] = useState(0);
  const [signature, setSignature] = useState('');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [serverError, setServerError] = useState<{ step: number; text: string; field?: string } | null>(null);
  const pendingErrors = useRef<FieldData<FormValues>[]>([]);
  const loadedFor = useRef<number | null>(null);
  const onlineBeforeStaff = useRef<boolean | null>(null);
  const member: Member | null | undefined = nid ? existing.data : undefined;
  const isEdit = nid !== null;
  // a new member's phone starts with the club's country's code (+49 for a KCanG club), once the rules are read
  useEffect(() => {
    const dial = packDial(admission?.pack);
    if (!isEdit && !form.isFieldTouched('country_code') && form.getFieldValue('country_code') === DEFAULT_DIAL) form.setFieldValue('country_code', dial);
  }, [admission?.pack, isEdit, form]);
  const isStaff = Form.useWatch('is_staff', form);
  const signatureRequired = Boolean(access.club?.functionalities?.firma_contrato);
  const [signatureMissing, setSignatureMissing] = useState(false);

  // A duplicate ID number is found as it is typed (and when the field is left), not at the end:
  // the server answers for this club what the save would. `dniChecked` is the last answer.
  const [dniChecked, setDniChecked] = useState<{ dni: string; taken: string | null } | null>(null);
  const dniSeq = useRef(0);
  const dniField = normDni(Form.useWatch('dni', form) as string | undefined);
  const dniTyped = useDebounced(dniField, 500);
  const checkDniNow = async (dni: string): Promise<string | null> => {
    if (dni === '') return null;
    if (dniChecked?.dni === dni) return dniChecked.taken;
    const seq = ++dniSeq.current;
    try {
      const r = await checkDni(club, dni, nid);
      const taken = r.taken ? t('members.errors.member.dni_taken', { dni: r.dni ?? dni, number: r.number, name: r.name }) : null;
      if (seq === dniSeq.current) setDniChecked({ dni, taken });
      return taken;
    } catch {
      return null; // the save checks again
    }
  };
  useEffect(() => {
    if (step === 0 && dniTyped.length >= 5) void checkDniNow(dniTyped);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dniTyped, step, club]);
  // a taken number shows under the field while the field holds it (editing the field clears it)
  useEffect(() => {
    if (step !== 0 || !dniChecked?.taken || dniChecked.dni !== dniField) return;
    if (form.getFieldError('dni')[0] !== dniChecked.taken) form.setFields([{ name: 'dni', errors: [dniChecked.taken] }]);
  }, [dniChecked, dniField, step, form]);

  useEffect(() => {
    document.title = `${isEdit ? t('members.create.titleEdit') : t('members.create.titleNew')} · ${t('common.appName')}`;
  }, [isEdit, t]);

  // Edit mode: fill the form once the member has loaded.
  useEffect(() => {
    if (!member || loadedFor.current === member.nid) return;
    loadedFor.current = member.nid;
    const v = formValuesOf(member);
    form.setFieldsValue({
      ...v,
      birthday: v.birthday ? dayjs.unix(v.birthday) : null,
      end_date: v.end_date ? dayjs.unix(v.end_date) : null,
      guarantors: (member.endorsement_member ?? []).map((g) => ({ nid: g.nid, number: g.number, nombre: g.nombre, surname: g.surname })),
      foto: member.foto?.url ?? '',
    });
    setFiles(
      (member.documents ?? []).map((d) => ({ uid: d.fid, name: d.name || d.fid.slice(0, 8), status: 'done', url: d.url, response: d })),
    );
  }, [member, form]);

  // Field errors set while another step was shown are applied once its fields are mounted.
  useEffect(() => {
    if (pendingErrors.current.length === 0) return;
    const errs = pendingErrors.current;
    pendingErrors.current = [];
    form.setFields(errs);
    const first = errs[0]?.name;
    if (first) form.scrollToField(first, { block: 'center', focus: true });
  }, [step, form]);

  const walletEnabled = access.can.wallet;
  const isAdmin = access.isAdmin;
  const supervisor = access.can.setLimits;
  const forecastSetting = useClubSetting('consumptionforecast').value;

  // A new member starts from the club's forecast setting, as the server gives it (whole grams).
  useEffect(() => {
    if (isEdit || forecastSetting === undefined || form.isFieldTouched('consum_forecast')) return;
    const grams = Number(forecastSetting);
    if (Number.isFinite(grams) && grams >= 0) form.setFieldsValue({ consum_forecast: Math.round(grams) });
  }, [isEdit, forecastSetting, form]);

  /** spec §5: name, surname, ID number; each failure returns the form to step 1, with a toast. */
  const checkPersonal = (): boolean => {
    const v = form.getFieldsValue(true) as FormValues;
    const problems = validatePersonal(v);
    const checked = ['nombre', 'surname', 'dni', 'email', 'telefono'] as const;
    if (step === 0) form.setFields(checked.map((name) => ({ name, errors: [] })));
    if (problems.length === 0) return true;
    const fieldErrors: FieldData<FormValues>[] = problems.map((p) => ({ name: p.field, errors: [t(p.message)] }));
    const toast = problems.find((p) => p.toast);
    // the toast names the field by the label the form shows it with
    const first = toast ?? problems[0];
    message.error({ content: t(first.toast ?? first.message, { field: t(`members.fields.${first.field}`) }), duration: 3, key: 'member-form' });
    if (step === 0) {
      form.setFields(fieldErrors);
      form.scrollToField(problems[0].field, { block: 'center', focus: true });
    } else {
      pendingErrors.current = fieldErrors;
      setStep(0);
    }
    return false;
  };

  const checkMembership = (): boolean => {
    const notes = (form.getFieldValue('notes') as string | undefined) ?? '';
    if (notes.trim().length > MAX_NOTES) {
      form.setFields([{ name: 'notes', errors: [t('members.validation.notesTooLong')] }]);
      return false;
    }
    return true;
  };

  const goTo = async (target: number) => {
    setServerError(null);
    if (target <= step) {
      setStep(target);
      return;
    }
    if (!checkPersonal()) return;
    if (step === 0) {
      const taken = await checkDniNow(normDni(form.getFieldValue('dni') as string | undefined));
      if (taken) {
        form.setFields([{ name: 'dni', errors: [taken] }]);
        form.scrollToField('dni', { block: 'center', focus: true });
        message.error({ content: taken, duration: 4, key: 'member-form' });
        return;
      }
    }
    if (target >= 2 && !checkMembership()) {
      setStep(1);
      return;
    }
    setStep(target);
  };

  const finish = () => {
    if (!checkPersonal() || !checkMembership()) return;
    // a club with contract signature (firma_contrato) keeps no member without one
    if (signatureRequired && !signature && !member?.signature?.url) {
      setSignatureMissing(true);
      message.error({ content: t('members.validation.signatureRequired'), duration: 4, key: 'member-form' });
      return;
    }
    const v = form.getFieldsValue(true) as FormValues;
    const uploading = files.some((f) => f.status === 'uploading');
    if (uploading) return;
    const foto = v.foto ?? '';
    const originalFoto = member?.foto?.url ?? '';
    const payload = buildPayload(
      {
        ...v,
        birthday: v.birthday ? v.birthday.hour(12).minute(0).second(0).unix() : 0,
        end_date: v.end_date ? v.end_date.endOf('day').unix() : 0,
        endorsement_member: (v.guarantors ?? []).map((g) => g.nid),
        documents: files.filter((f) => f.status === 'done').map((f) => (f.response as { fid?: string } | undefined)?.fid ?? f.uid),
      },
      {
        association: club,
        nid: nid ?? undefined,
        isAdmin,
        supervisor,
        walletEnabled,
        foto: foto.startsWith('data:') ? foto : foto === '' && originalFoto ? '' : undefined,
        signature: signature || undefined,
      },
    );
    if (isEdit && !isAdmin) {
      // Not an Administrador: staff, roles and fee date are left as they are (the server guards them too).
      delete payload.is_staff;
      delete payload.memcard_roles;
      delete payload.end_date;
    }
    save.mutate(payload, {
      onSuccess: (saved) => {
        message.success(
          isEdit ? t('members.create.savedEdit') : t('members.create.savedNew', { number: saved.number }),
          3,
        );
        if (saved.account_link_pending) message.info(t('members.staff.linkPending'), 8);
        navigate(`/patientmanager?propdni=${encodeURIComponent(saved.dni)}&nid=${saved.nid}`);
      },
      onError: (e) => {
        const text = memberErrorText(e, t, i18n);
        // Session, permission, server and network errors get the app's dialogs; refusals show on their step.
        if (!isApiError(e) || e.status >= 500 || e.status === 403) return;
        const place = placeOfError(e.code, e.field);
        // the form holds the guarantors as picked members, under their own name
        const field = place.field === 'endorsement_member' ? 'guarantors' : place.field;
        setServerError({ step: place.step, text, field });
        if (field) pendingErrors.current = [{ name: field as keyof FormValues, errors: [text] }];
        if (place.step === step) {
          const errs = pendingErrors.current;
          pendingErrors.current = [];
          if (errs.length) form.setFields(errs);
        } else {
          setStep(place.step);
        }
      },
    });
  };

  const onSubmit = () => {
    if (step < 2) void goTo(step + 1);
    else finish();
  };

  const stepItems = useMemo(
    () => [
      { title: t('members.create.steps.personal'), content: isDesktop ? t('members.create.steps.personalHint') : undefined },
      { title: t('members.create.steps.membership'), content: isDesktop ? t('members.create.steps.membershipHint') : undefined },
      { title: t('members.create.steps.contract'), content: isDesktop ? t('members.create.steps.contractHint') : undefined, disabled: true },
    ],
    [t, isDesktop],
  );

  if (isEdit && existing.isPending) {
    return (
      <div className={`${layout.page} ${styles.formPage}`}>
        <Card className={layout.card}>
          <Skeleton active avatar={{ size: 120, shape: 'square' }} paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  }
  if (isEdit && !member) {
    return (
      <div className={`${layout.page} ${styles.formPage}`}>
        <Card className={layout.card}>
          <Result
            status="warning"
            title={t('members.create.loadError')}
            extra={<Button onClick={() => navigate('/patientmanager')}>{t('common.back')}</Button>}
          />
        </Card>
      </div>
    );
  }

  // Values of steps that are not shown (the form keeps them): for the contract and the summary.
  const all = form.getFieldsValue(true) as FormValues;
  const dniNow = (all.dni ?? '').trim().toUpperCase();
  const nameNow = fullName({ nombre: all.nombre ?? '', surname: all.surname ?? '', surname2: all.surname2 ?? '' });
  const categoryNow = (categories.data ?? []).find((c) => c.nid === all.category_member);
  // The statements beside the signature: those the club's rules ask for, and those the member signed.
  const requiredDeclarations = admission?.declarations ?? [];
  const signedDeclarations = new Map((member?.declarations ?? []).map((d) => [d.declaration, d]));
  const declarationKinds = DECLARATIONS.filter((d) => requiredDeclarations.includes(d) || signedDeclarations.has(d));
  const unsigned = requiredDeclarations.filter((d) => !signedDeclarations.has(d));
  const declarationsHint =
    unsigned.length === 0
      ? t('members.admission.signedHint')
      : admission?.declarations_source
        ? t('admission.lawHint', { source: admission.declarations_source })
        : t('admission.clubHint');

  return (
    <div className={`${layout.page} ${styles.formPage}`} data-testid="patientcreate-page">
      <PageHeader
        title={isEdit ? t('members.create.titleEdit') : t('members.create.titleNew')}
        subtitle={
          isEdit && member
            ? t('members.create.subtitleEdit', { number: member.number, name: fullName(member) })
            : t('members.create.subtitleNew')
        }
      />

      <Card className={`${layout.card} ${styles.stepsCard}`}>
        <Steps
          current={step}
          onChange={(i) => i < 2 && void goTo(i)}
          items={stepItems}
          size={isDesktop ? 'default' : 'small'}
          responsive={false}
          titlePlacement={isDesktop ? 'horizontal' : 'vertical'}
          data-testid="member-steps"
        />
      </Card>

      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={onSubmit}
        onValuesChange={(changed: Partial<FormValues>) => {
          // A field that was refused is cleared of its message as soon as it is edited.
          const names = Object.keys(changed) as (keyof FormValues)[];
          const stale = names.filter((n) => form.getFieldError(n).length > 0);
          if (stale.length) form.setFields(stale.map((name) => ({ name, errors: [] })));
          // and the step's notice of that refusal with it
          if (serverError?.field && (names as string[]).includes(serverError.field)) setServerError(null);
        }}
        requiredMark
        noValidate
        scrollToFirstError
        initialValues={{
          country_code: DEFAULT_DIAL,
          type_member: 'ludico',
          consum_forecast: DEFAULT_FORECAST,
          is_staff: false,
          online_account: false,
          memcard_roles: [],
          guarantors: [],
          monedero_negativo: false,
          declarations: [],
          foto: '',
          address: { country: '' },
        }}
        data-testid="member-form"
        className={styles.memberForm}
      >
        <Card className={layout.card}>
          {serverError && serverError.step === step && (
            <Alert type="error" showIcon className={styles.formAlert} title={t('members.create.errorOnStep', { message: serverError.text })} data-testid="server-error" />
          )}

          {step === 0 && (
            <div className={styles.stepPersonal} data-testid="step-personal">
              <Form.Item name="foto" label={t('members.fields.photo')} className={styles.photoItem}>
                <PhotoField />
              </Form.Item>
              <div className={styles.fieldGrid}>
                <Form.Item name="nombre" label={t('members.fields.nombre')} required>
                  <Input size="large" maxLength={80} autoFocus autoComplete="off" data-testid="f-nombre" />
                </Form.Item>
                <Form.Item name="surname" label={t('members.fields.surname')} required>
                  <Input size="large" maxLength={80} autoComplete="off" data-testid="f-surname" />
                </Form.Item>
                <Form.Item name="surname2" label={t('members.fields.surname2')}>
                  <Input size="large" maxLength={80} autoComplete="off" data-testid="f-surname2" />
                </Form.Item>
                <Form.Item name="dni" label={t('members.fields.dni')} required>
                  <Input
                    size="large"
                    maxLength={30}
                    autoComplete="off"
                    className={styles.upper}
                    onBlur={(e) => void checkDniNow(normDni(e.target.value))}
                    data-testid="f-dni"
                  />
                </Form.Item>
                <Form.Item name="birthday" label={t('members.fields.birthdate')} required={admission?.birthdate_required}>
                  <DateField
                    size="large"
                    format={dateFormat()}
                    placeholder={t('members.create.datePlaceholder')}
                    className={styles.full}
                    disabledDate={(d) => d.isAfter(dayjs())}
                    data-testid="f-birthday"
                  />
                </Form.Item>
                <Form.Item label={t('members.fields.telefono')}>
                  <Space.Compact block>
                    <Form.Item name="country_code" noStyle>
                      <Select
                        size="large"
                        className={styles.dialSelect}
                        popupMatchSelectWidth={false}
                        aria-label={t('members.fields.countryCode')}
                        data-testid="f-country-code"
                        options={COUNTRIES.map((c) => ({
                          value: c.dial,
                          label: `${c.iso} +${c.dial}`,
                          title: t(`members.countries.${c.iso}`),
                        }))}
                        optionRender={(o) => (
                          <span className={styles.dialOption}>
                            <strong>{o.data.label}</strong> <span className={cells.muted}>{o.data.title}</span>
                          </span>
                        )}
                      />
                    </Form.Item>
                    <Form.Item name="telefono" noStyle>
                      <Input
                        size="large"
                        inputMode="tel"
                        maxLength={20}
                        autoComplete="off"
                        aria-label={t('members.fields.telefono')}
                        data-testid="f-telefono"
                      />
                    </Form.Item>
                  </Space.Compact>
                </Form.Item>
                <Form.Item name="email" label={t('members.fields.email')} className={styles.span2}>
                  <Input size="large" type="email" maxLength={MAX_EMAIL} showCount autoComplete="off" data-testid="f-email" />
                </Form.Item>
                <fieldset className={`${styles.span2} ${styles.fieldset}`}>
                  <legend className={styles.legend}>{t('members.fields.address')}</legend>
                  <div className={styles.addressGrid}>
                    <Form.Item name={['address', 'thoroughfare']} label={t('members.fields.thoroughfare')} className={styles.span2}>
                      <Input size="large" maxLength={200} autoComplete="off" data-testid="f-street" />
                    </Form.Item>
                    <Form.Item name={['address', 'locality']} label={t('members.fields.locality')}>
                      <Input size="large" maxLength={100} autoComplete="off" data-testid="f-city" />
                    </Form.Item>
                    <Form.Item name={['address', 'postal_code']} label={t('members.fields.postalCode')}>
                      <Input size="large" maxLength={20} inputMode="numeric" autoComplete="off" data-testid="f-postal" />
                    </Form.Item>
                    <Form.Item name={['address', 'country']} label={t('members.fields.country')}>
                      <CountryField />
                    </Form.Item>
                  </div>
                </fieldset>
              </div>
            </div>
          )}

          {step === 1 && (
            <div className={styles.fieldGrid} data-testid="step-membership">
              <Form.Item name="type_member" label={t('members.fields.type')} className={styles.span2}>
                <Radio.Group
                  size="large"
                  optionType="button"
                  buttonStyle="solid"
                  options={[
                    { value: 'ludico', label: t('members.types.ludico') },
                    { value: 'terapeutico', label: t('members.types.terapeutico') },
                  ]}
                  data-testid="f-type"
                />
              </Form.Item>
              <Form.Item name="number" label={t('members.fields.number')} extra={t('members.create.numberHelp')}>
                <InputNumber
                  size="large"
                  min={1}
                  precision={0}
                  controls={false}
                  autoFocus
                  placeholder={t('members.create.numberPlaceholder')}
                  className={styles.full}
                  data-testid="f-number"
                />
              </Form.Item>
              <Form.Item name="keychain" label={t('members.fields.keychain')} extra={t('members.create.keychainHelp')}>
                <Input
                  size="large"
                  maxLength={64}
                  autoComplete="off"
                  placeholder={dniNow || t('members.create.keychainPlaceholder')}
                  onPressEnter={(e) => {
                    // A USB reader ends with Enter: keep the reading, move on instead of submitting.
                    e.preventDefault();
                    form.focusField('category_member');
                  }}
                  data-testid="f-keychain"
                />
              </Form.Item>
              <Form.Item name="category_member" label={t('members.fields.category')}>
                <Select
                  size="large"
                  allowClear
                  loading={categories.isPending}
                  placeholder={t('members.create.categoryPlaceholder')}
                  options={(categories.data ?? []).map((c) => ({ value: c.nid, label: `${c.title} · ${c.descuento} %` }))}
                  data-testid="f-category"
                />
              </Form.Item>
              <Form.Item
                name="consum_forecast"
                label={t('members.fields.consumForecast')}
                extra={supervisor ? undefined : t('members.create.limitsSupervisorOnly')}
              >
                <InputNumber
                  size="large"
                  min={0}
                  max={100000}
                  precision={0}
                  disabled={!supervisor}
                  suffix={t('members.common.gramsPerMonth')}
                  className={styles.full}
                  data-testid="f-forecast"
                />
              </Form.Item>
              <Form.Item
                name="end_date"
                label={t('members.fields.endDate')}
                extra={isAdmin ? undefined : t('members.create.endDateAdminOnly')}
              >
                <DateField
                  size="large"
                  format={dateFormat()}
                  disabled={!isAdmin}
                  placeholder={t('members.create.datePlaceholder')}
                  className={styles.full}
                  data-testid="f-end-date"
                />
              </Form.Item>
              <Form.Item
                name="online_account"
                label={t('members.fields.onlineAccount')}
                valuePropName="checked"
                extra={isStaff ? t('members.create.staffForcesOnline') : t('members.create.onlineHelp')}
              >
                <Switch disabled={!!isStaff} data-testid="f-online" />
              </Form.Item>
              {isAdmin && (
                <div className={`${styles.span2} ${styles.staffBox}`}>
                  <label className={styles.staffHead}>
                    <Form.Item name="is_staff" valuePropName="checked" noStyle>
                      <Switch
                        data-testid="f-staff"
                        onChange={(on) => {
                          // Staff always have an online account; switching staff off gives back the previous choice.
                          if (on) {
                            onlineBeforeStaff.current = Boolean(form.getFieldValue('online_account'));
                            form.setFieldsValue({ online_account: true });
                          } else if (onlineBeforeStaff.current !== null) {
                            form.setFieldsValue({ online_account: onlineBeforeStaff.current });
                            onlineBeforeStaff.current = null;
                          }
                        }}
                      />
                    </Form.Item>
                    <span className={styles.staffText}>
                      <strong>{t('members.fields.isStaff')}</strong>
                      <span className={cells.muted}>{t('members.create.staffHelp')}</span>
                    </span>
                  </label>
                  {isStaff && (
                    <Form.Item name="memcard_roles" label={t('members.fields.roles')} className={styles.noMargin}>
                      <Checkbox.Group
                        className={styles.roleChecks}
                        options={SELECTABLE_ROLES.map((r) => ({ value: r, label: t(roleKey(r)) }))}
                        data-testid="f-roles"
                      />
                    </Form.Item>
                  )}
                </div>
              )}
              <Form.Item
                name="guarantors"
                label={t('members.fields.guarantors')}
                required={admission?.guarantor_required}
                className={styles.span2}
              >
                <MemberPicker
                  club={club}
                  size="large"
                  exclude={nid ? [nid] : []}
                  placeholder={t('members.create.guarantorsPlaceholder')}
                  data-testid="f-guarantors"
                />
              </Form.Item>
              <Form.Item name="notes" label={t('members.fields.notes')} className={styles.span2}>
                <Input.TextArea maxLength={MAX_NOTES} showCount autoSize={{ minRows: 3, maxRows: 6 }} data-testid="f-notes" />
              </Form.Item>
              <Form.Item label={t('members.fields.documents')} className={styles.span2} extra={t('members.create.documentsHint')}>
                <div data-testid="f-documents">
                  <Upload.Dragger
                    multiple
                    fileList={files}
                    accept="application/pdf,image/*"
                    onChange={({ fileList }) => setFiles(fileList)}
                    customRequest={({ file, onSuccess, onError }) => {
                      uploadDocuments(club, [file as File]).then(
                        (docs) => onSuccess?.(docs[0]),
                        (e: unknown) => {
                          if (shownLocally(e)) message.error(memberErrorText(e, t, i18n), 5);
                          else reportApiError(e);
                          onError?.(e instanceof Error ? e : new Error(String(e)));
                        },
                      );
                    }}
                    className={styles.dragger}
                  >
                    <p className={styles.draggerIcon}>
                      <InboxOutlined />
                    </p>
                    <p className={styles.draggerText}>{t('members.create.documentsDrop')}</p>
                  </Upload.Dragger>
                </div>
              </Form.Item>
              {walletEnabled && (
                <Form.Item
                  name="monedero_negativo"
                  label={t('members.fields.negativeWallet')}
                  valuePropName="checked"
                  extra={supervisor ? undefined : t('members.create.limitsSupervisorOnly')}
                >
                  <Switch disabled={!supervisor} data-testid="f-negative-wallet" />
                </Form.Item>
              )}
            </div>
          )}

          {step === 2 && (
            <div className={styles.stepContract} data-testid="step-contract">
              <section className={styles.contract} aria-labelledby="contract-title">
                <h2 id="contract-title" className={styles.contractTitle}>
                  {t('members.create.contractTitle')}
                </h2>
                <p>{t('members.create.contractBody1', { name: nameNow || '—', dni: dniNow || '—', club: access.club?.title ?? '' })}</p>
                <p>{t('members.create.contractBody2')}</p>
                <p>{t('members.create.contractBody3')}</p>
                <p>{t('members.create.contractBody4')}</p>
              </section>
              <div className={styles.signColumn}>
                {declarationKinds.length > 0 && (
                  <Form.Item
                    name="declarations"
                    label={
                      <>
                        {t('admission.title')}
                        {/* the mark by hand: `required` would put aria-required on the checkbox group */}
                        {unsigned.length > 0 && <span className={styles.requiredMark}>&nbsp;*</span>}
                      </>
                    }
                    extra={declarationsHint}
                    className={styles.declarations}
                  >
                    <Checkbox.Group className={styles.declarationChecks} data-testid="f-declarations">
                      {declarationKinds.map((d) => {
                        const signed = signedDeclarations.get(d);
                        const on = signed && formatDate(signed.signed_at);
                        return (
                          <Checkbox key={d} value={d}>
                            <span className={styles.declarationText}>{t(`admission.declarations.${d}.statement`)}</span>
                            {signed && (
                              <span className={styles.declarationSigned} data-testid={`signed-${d}`}>
                                {signed.staff
                                  ? t('members.admission.signedOnBy', { date: on, staff: signed.staff })
                                  : t('members.admission.signedOn', { date: on })}
                              </span>
                            )}
                          </Checkbox>
                        );
                      })}
                    </Checkbox.Group>
                  </Form.Item>
                )}
                <h3 className={styles.signTitle}>
                  {t('signature.signHere')}
                  {signatureRequired && <span className={styles.requiredMark}> *</span>}
                </h3>
                {signatureRequired && <p className={styles.signHint}>{t('members.create.signatureRequiredHint')}</p>}
                <SignatureField
                  value={signature}
                  onChange={(v) => {
                    setSignature(v);
                    if (v) setSignatureMissing(false);
                  }}
                  existingUrl={member?.signature?.url || undefined}
                />
                {signatureMissing && !signature && (
                  <InlineError testId="signature-required">{t('members.validation.signatureRequired')}</InlineError>
                )}
                <Descriptions
                  title={t('members.create.summary')}
                  size="small"
                  column={1}
                  colon={false}
                  className={styles.summary}
                  classNames={{ label: styles.descLabel }}
                  items={[
                    { key: 'name', label: t('members.fields.nombre'), children: nameNow || '—' },
                    { key: 'dni', label: t('members.fields.dni'), children: <span className={styles.mono}>{dniNow || '—'}</span> },
                    {
                      key: 'number',
                      label: t('members.fields.number'),
                      children: all.number ? <span className={cells.num}>{all.number}</span> : t('members.create.numberPlaceholder'),
                    },
                    { key: 'type', label: t('members.fields.type'), children: t(`members.types.${all.type_member ?? 'ludico'}`) },
                    {
                      key: 'category',
                      label: t('members.fields.category'),
                      children: categoryNow ? `${categoryNow.title} · ${categoryNow.descuento} %` : t('members.create.categoryPlaceholder'),
                    },
                    ...(all.end_date
                      ? [{ key: 'end', label: t('members.fields.endDate'), children: all.end_date.format(dateFormat()) }]
                      : []),
                  ]}
                />
              </div>
            </div>
          )}
        </Card>

        <div className={layout.formNav}>
          {step > 0 ? (
            <Button size="large" icon={<ArrowLeftOutlined />} onClick={() => void goTo(step - 1)} data-testid="step-prev">
              {t('members.create.previous')}
            </Button>
          ) : isEdit ? (
            <Button size="large" type="text" onClick={() => navigate(-1)} data-testid="edit-cancel">
              {t('common.cancel')}
            </Button>
          ) : (
            <span />
          )}
          {step < 2 ? (
            <Button size="large" type="primary" htmlType="submit" data-testid="step-next">
              {t('members.create.next')} <ArrowRightOutlined />
            </Button>
          ) : (
            <Button
              size="large"
              type="primary"
              htmlType="submit"
              icon={<CheckOutlined />}
              loading={save.isPending}
              autoFocus
              data-testid="step-finish"
            >
              {t('members.create.finish')}
            </Button>
          )}
        </div>
      </Form>
    </div>
  );
}
