import './i18n';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Radio, Skeleton, Switch, Tag } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, refusalText, shownLocally } from '../../shared/api';
import { formatNumber } from '../../shared/format';
import layout from '../../shared/ui/layout.module.css';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useApp } from '../../shared/ui/useApp';
import { useClubRules, useRulePacks, useSaveClubRules, type ClubRules, type RulePack, type RulesChange } from './api';
import { RetentionCard } from './RetentionCard';
import styles from './rules.module.css';

/** The values of a pack, in the order the screen shows them, with how each is typed. */
const LIMITS = ['day_limit_g', 'month_limit_g', 'year_limit_g'] as const;
const YOUNG = ['young_max_age', 'young_month_limit_g', 'young_thc_max'] as const;
const ADMISSION = ['min_age', 'max_members', 'waiting_days', 'guarantor_min_days'] as const;
const RECORDS = ['retention_years', 'declaration_retention_years'] as const;
const SWITCHES = ['guarantor_required', 'override', 'fee_expired_blocks', 'slip_required', 'lab_required'] as const;
const DECLARATIONS = ['not_in_other_club', 'resident', 'habitual_use'] as const;
const NUMBERS = [...LIMITS, ...YOUNG, ...ADMISSION, ...RECORDS] as const;
type NumberField = (typeof NUMBERS)[number];
type Field = NumberField | (typeof SWITCHES)[number] | 'declarations';
type FormValues = Partial<Record<NumberField, number | null>> & Partial<Record<(typeof SWITCHES)[number], boolean>> & { pack: string; declarations: string[] };

const UNIT: Partial<Record<NumberField, 'g' | '%' | 'years' | 'days'>> = {
  day_limit_g: 'g',
  month_limit_g: 'g',
  year_limit_g: 'g',
  young_month_limit_g: 'g',
  young_thc_max: '%',
  young_max_age: 'years',
  min_age: 'years',
  retention_years: 'years',
  declaration_retention_years: 'years',
  waiting_days: 'days',
  guarantor_min_days: 'days',
};

function valuesOf(r: ClubRules | RulePack, pack: string): FormValues {
  const v: FormValues = { pack, declarations: [...(r.declarations ?? [])] };
  for (const f of NUMBERS) v[f] = r[f] ?? null;
  for (const f of SWITCHES) v[f] = r[f];
  return v;
}

/**
 * Route "clubrules" (Administrador): the law the club keeps. The pack picker fills its values; a
 * legal pack's values can be made stricter, never looser (the server refuses a looser one and names
 * the law); each value shows what the law sets and where. An emptied number is the pack's value.
 */
export default function ClubRulesPage() {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const rules = useClubRules();
  const packs = useRulePacks();
  const save = useSaveClubRules();
  const [form] = Form.useForm<FormValues>();
  const packId = Form.useWatch('pack', form) ?? rules.data?.pack;
  const pack = useMemo(() => packs.data?.find((p) => p.pack === packId), [packs.data, packId]);

  useEffect(() => {
    if (rules.data) form.setFieldsValue(valuesOf(rules.data, rules.data.pack));
  }, [rules.data, form]);

  const choosePack = (id: string) => {
    const p = packs.data?.find((x) => x.pack === id);
    if (p) form.setFieldsValue(valuesOf(p, id));
  };

  const submit = (v: FormValues) => {
    const change: RulesChange = { pack: v.pack as RulesChange['pack'], declarations: v.declarations };
    for (const f of NUMBERS) if (v[f] !== null && v[f] !== undefined) (change as Record<string, unknown>)[f] = v[f];
    for (const f of SWITCHES) change[f] = !!v[f];
    // the server's last refusal is cleared: it answers the values sent now
    form.setFields([...NUMBERS, ...SWITCHES, 'declarations' as const].map((name) => ({ name, errors: [] })));
    save.mutate(change, {
      onSuccess: () => {
        message.destroy('rules-error');
        message.success({ content: t('rules.saved'), key: 'rules-saved', duration: 3 });
      },
      onError: (e) => {
        if (!shownLocally(e)) return;
        const text = refusalText(e, t, i18n, 'rules', { params: (err) => ({ ...err.params, field: t(`rules.fields.${err.params?.field ?? ''}`) }) });
        const field = isApiError(e) ? (e.params?.field ?? e.field) : undefined;
        if (field && (NUMBERS as readonly string[]).concat(SWITCHES, ['declarations']).includes(field)) {
          form.setFields([{ name: field as Field, errors: [text] }]);
          form.scrollToField(field, { block: 'center', focus: true });
        }
        message.error({ content: text, key: 'rules-error', duration: 5 });
      },
    });
  };

  /** What the law sets for a value, and where: shown under it for a legal pack. */
  const law = (f: Field) => {
    if (!pack?.legal || !pack.sources?.[f]) return undefined;
    const value = pack[f];
    const shown =
      f === 'declarations'
        ? (value as string[]).map((d) => t(`rules.declarations.${d}`)).join(', ')
        : typeof value === 'boolean'
          ? t(value ? 'rules.yes' : 'rules.no')
          : value === null
            ? t('rules.none')
            : `${formatNumber(value as number)}${unitText(f as NumberField)}`;
    return (
      <span className={styles.law}>
        {t('rules.law', { value: shown, source: pack.sources[f] })}
        {rules.data?.pack === pack.pack && rules.data.tightened?.includes(f) && (
          <Tag color="purple" className={styles.tightened}>
            {t('rules.tightened')}
          </Tag>
        )}
      </span>
    );
  };
  const unitText = (f: NumberField) => {
    const u = UNIT[f];
    return u === 'g' ? ' g' : u === '%' ? ' %' : u ? ` ${t(`rules.units.${u}`)}` : '';
  };
  const number = (f: NumberField) => (
    <Form.Item key={f} name={f} label={t(`rules.fields.${f}`)} extra={law(f)}>
      <InputNumber
        min={0}
        // grams and percentages as typed (the server keeps 3 and 2 decimals), the rest whole
        precision={UNIT[f] === 'g' || UNIT[f] === '%' ? undefined : 0}
        decimalSeparator={i18n.language === 'en' ? '.' : ','}
        placeholder={t('rules.none')}
        suffix={UNIT[f] === 'g' || UNIT[f] === '%' ? UNIT[f] : UNIT[f] ? t(`rules.units.${UNIT[f]}`) : undefined}
        className={styles.number}
        data-testid={`rules-${f}`}
      />
    </Form.Item>
  );
  const toggle = (f: (typeof SWITCHES)[number]) => (
    <Form.Item key={f} name={f} label={t(`rules.fields.${f}`)} valuePropName="checked" extra={law(f)}>
      <Switch data-testid={`rules-${f}`} />
    </Form.Item>
  );

  return (
    <div className={layout.page} data-testid="clubrules-page">
      <PageHeader title={t('rules.title')} subtitle={t('rules.subtitle')} />
      {rules.isError || packs.isError ? (
        <Alert type="error" showIcon message={t('rules.loadError')} />
      ) : !rules.data || !packs.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} className={styles.form}>
          <Card className={layout.card} title={t('rules.sections.pack')}>
            <Form.Item name="pack" noStyle>
              <Radio.Group onChange={(e) => choosePack(e.target.value)} className={styles.packs} data-testid="rules-pack">
                {packs.data.map((p) => (
                  <Radio key={p.pack} value={p.pack} className={styles.pack} data-testid={`rules-pack-${p.pack}`}>
                    <span className={styles.packName}>
                      {t(`rules.packs.${p.pack}.name`)}
                      {p.legal && <SafetyCertificateOutlined className={styles.legal} aria-label={t('rules.legal')} />}
                    </span>
                    <span className={styles.packSource}>{t(`rules.packs.${p.pack}.source`)}</span>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            {pack?.legal && <Alert className={styles.note} type="info" showIcon message={t('rules.legalNote')} />}
          </Card>
          <Card className={layout.card} title={t('rules.sections.limits')}>
            <div className={styles.grid}>{LIMITS.map(number)}</div>
            <div className={styles.grid}>{YOUNG.map(number)}</div>
          </Card>
          <Card className={layout.card} title={t('rules.sections.admission')}>
            <div className={styles.grid}>{ADMISSION.map(number)}</div>
            {toggle('guarantor_required')}
            <Form.Item name="declarations" label={t('rules.fields.declarations')} extra={law('declarations')}>
              <Checkbox.Group options={DECLARATIONS.map((d) => ({ value: d, label: t(`rules.declarations.${d}`) }))} data-testid="rules-declarations" />
            </Form.Item>
          </Card>
          <Card className={layout.card} title={t('rules.sections.counter')}>
            {toggle('override')}
            {toggle('fee_expired_blocks')}
            {toggle('slip_required')}
            <div className={styles.grid}>{RECORDS.map(number)}</div>
          </Card>
          <Card className={layout.card} title={t('rules.sections.cultivation')}>
            {toggle('lab_required')}
          </Card>
          <div className={layout.formActions}>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="rules-save">
              {t('rules.save')}
            </Button>
          </div>
        </Form>
      )}
      {rules.data && <RetentionCard rules={rules.data} />}
    </div>
  );
}
