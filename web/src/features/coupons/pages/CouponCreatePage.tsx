import '../i18n';
import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError, shownLocally, useClubCategories, useMemberCategories } from '../../../shared/api';
import { useDebounced } from '../../../shared/ui/useDebounced';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCoupons, useProductOptions, useSaveCoupon } from '../api';
import { couponErrorText } from '../errors';
import { bodyFromForm, EMPTY_FORM, EUROS, formFromCoupon, NOTES_MAX, PERCENT, type CouponForm } from '../model';
import styles from '../coupons.module.css';
import { useApp } from '../../../shared/ui/useApp';

/** Fields the server may name in a refusal, as the form calls them. */
const FIELDS: Record<string, keyof CouponForm> = {
  code: 'code',
  title: 'title',
  discount: 'discount',
  to: 'to',
  from: 'from',
  notes: 'notes',
  use_number_coupon: 'use_number_coupon',
  use_number_user: 'use_number_user',
  min_amount_order: 'min_amount_order',
  use_user_type: 'use_user_type',
  use_products: 'use_products',
};

/**
 * Routes "CuponCreate" / "cuponcreate" (spec part 1 §2): a new coupon, or with ?from= a copy of one
 * (every rule kept, a new code asked). Code, description and discount are required ('Debes
 * completar los campos', 'Obligatorio' at each); uses left empty are unlimited.
 */
export default function CouponCreatePage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = Number(params.get('from') ?? '') || null;
  const [form] = Form.useForm<CouponForm>();
  const coupons = useCoupons();
  const save = useSaveCoupon();
  const productCategories = useClubCategories('dispensary');
  const memberCategories = useMemberCategories();
  const [productText, setProductText] = useState('');
  const productSearch = useDebounced(productText, 250);
  const products = useProductOptions(productSearch);
  const [known, setKnown] = useState<Record<number, string>>({});
  const type = Form.useWatch('type', form) ?? PERCENT;
  const source = from ? (coupons.data ?? []).find((c) => c.id === from) : undefined;
  const sep = i18n.language === 'en' ? '.' : ',';

  // A duplicate starts from the coupon's rules, once it has loaded.
  useEffect(() => {
    if (!source) return;
    form.setFieldsValue(formFromCoupon(source));
    setKnown(Object.fromEntries((source.products ?? []).map((p) => [p.pid, p.title])));
  }, [source, form]);

  const productOptions = useMemo(() => {
    const seen = new Map<number, string>(Object.entries(known).map(([k, v]) => [Number(k), v]));
    for (const p of products.data ?? []) seen.set(p.pid, p.code ? `${p.titulo} · ${p.code}` : p.titulo);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [products.data, known]);

  const required = [{ required: true, message: t('coupons.form.required') }];
  const label = (name: string) => t(`coupons.form.fields.${name}`);

  const onFinish = (v: CouponForm) => {
    const all = { ...EMPTY_FORM, ...form.getFieldsValue(true), ...v } as CouponForm;
    save.mutate(bodyFromForm(all), {
      onSuccess: (c) => {
        // a coupon made by a role that does not switch coupons on waits, off, for a Manager or an Administrador
        if (c.status === 1) message.success(t('coupons.form.saved', { code: c.code }), 3);
        else message.info(t('coupons.form.savedOff', { code: c.code }), 5);
        navigate(`/cupons?id=${c.id}`);
      },
      onError: (e) => {
        if (!shownLocally(e)) return;
        const text = couponErrorText(e, t, i18n);
        const field = isApiError(e) && e.field ? FIELDS[e.field] : undefined;
        if (field) {
          form.setFields([{ name: field, errors: [text] }]);
          form.scrollToField(field, { block: 'center', focus: true });
        }
        modal.warning({ centered: true, title: t('coupons.warning'), content: <span data-testid="save-error">{text}</span>, okText: t('common.ok') });
      },
    });
  };

  const count = { min: 0, precision: 0, className: styles.full, placeholder: t('coupons.form.unlimited'), inputMode: 'numeric' as const };
  const money = { min: 0, step: 0.01, precision: 2, decimalSeparator: sep, className: styles.full, inputMode: 'decimal' as const };

  return (
    <div className={`${layout.page} ${styles.formPage}`} data-testid="coupon-create-page">
      <PageHeader
        title={source ? t('coupons.form.titleCopy', { code: source.code }) : t('coupons.form.titleNew')}
        subtitle={t('coupons.form.subtitle')}
        titleTestId="form-title"
      />
      <Form<CouponForm>
        form={form}
        layout="vertical"
        initialValues={EMPTY_FORM}
        onFinish={onFinish}
        onFinishFailed={() => message.warning({ content: t('coupons.form.fill'), key: 'coupon-fill', duration: 3 })}
        scrollToFirstError={{ block: 'center', focus: true }}
        data-testid="coupon-form"
      >
        <div className={styles.formColumns}>
          <Card className={layout.card} title={t('coupons.form.sections.coupon')}>
            <div className={styles.fieldGrid}>
              <Form.Item name="code" label={label('code')} rules={[{ ...required[0], whitespace: true }]} extra={t('coupons.form.help.code')}>
                <Input size="large" maxLength={40} autoComplete="off" autoFocus className={styles.codeInput} data-testid="f-code" />
              </Form.Item>
              <Form.Item name="title" label={label('title')} rules={[{ ...required[0], whitespace: true }]}>
                <Input size="large" maxLength={200} autoComplete="off" data-testid="f-title" />
              </Form.Item>
              <Form.Item label={label('discount')} required className={styles.span2}>
                <div className={styles.discountField}>
                  <Form.Item name="discount" noStyle rules={required}>
                    <InputNumber
                      size="large"
                      {...money}
                      className={styles.discountInput}
                      min={0.01}
                      max={type === PERCENT ? 100 : undefined}
                      aria-label={label('discount')}
                      data-testid="f-discount"
                    />
                  </Form.Item>
                  <Form.Item name="type" noStyle>
                    <Select
                      size="large"
                      className={styles.unit}
                      aria-label={label('type')}
                      options={[
                        { value: PERCENT, label: t('coupons.form.percentUnit') },
                        { value: EUROS, label: t('coupons.form.eurosUnit') },
                      ]}
                      data-testid="f-type"
                    />
                  </Form.Item>
                </div>
              </Form.Item>
              <Form.Item name="from" label={label('from')} extra={t('coupons.form.help.from')}>
                <DatePicker size="large" format="DD/MM/YYYY" className={styles.full} data-testid="f-from" />
              </Form.Item>
              <Form.Item
                name="to"
                label={label('to')}
                extra={t('coupons.form.help.to')}
                dependencies={['from']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v: CouponForm['to']) => {
                      const start = getFieldValue('from') as CouponForm['from'];
                      return !v || !start || !v.isBefore(start, 'day') ? Promise.resolve() : Promise.reject(new Error(t('coupons.form.datesOrder')));
                    },
                  }),
                ]}
              >
                <DatePicker size="large" format="DD/MM/YYYY" className={styles.full} data-testid="f-to" />
              </Form.Item>
              <Form.Item name="use_number_coupon" label={label('use_number_coupon')} extra={t('coupons.form.help.uses')}>
                <InputNumber size="large" {...count} data-testid="f-uses" />
              </Form.Item>
              <Form.Item name="use_number_user" label={label('use_number_user')} extra={t('coupons.form.help.uses')}>
                <InputNumber size="large" {...count} data-testid="f-uses-user" />
              </Form.Item>
              <Form.Item name="notes" label={label('notes')} className={styles.span2}>
                <Input.TextArea maxLength={NOTES_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} data-testid="f-notes" />
              </Form.Item>
            </div>
          </Card>
          <Card className={layout.card} title={t('coupons.form.sections.limits')}>
            <div className={styles.fieldGrid}>
              <Form.Item name="use_user_type" label={label('use_user_type')}>
                <Select
                  size="large"
                  options={[
                    { value: 0, label: t('coupons.form.anyMember') },
                    { value: 1, label: t('coupons.form.ludico') },
                    { value: 2, label: t('coupons.form.terapeutico') },
                  ]}
                  data-testid="f-user-type"
                />
              </Form.Item>
              <Form.Item name="use_user_category" label={label('use_user_category')}>
                <Select
                  size="large"
                  allowClear
                  placeholder={t('coupons.form.anyCategory')}
                  loading={memberCategories.isPending}
                  options={(memberCategories.data ?? []).map((c) => ({ value: c.nid, label: c.title }))}
                  data-testid="f-user-category"
                />
              </Form.Item>
              <Form.Item name="product_categories" label={label('product_categories')} className={styles.span2} extra={t('coupons.form.help.scope')}>
                <Select
                  size="large"
                  mode="multiple"
                  allowClear
                  placeholder={t('coupons.form.wholeOrder')}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={productCategories.isPending}
                  options={(productCategories.data ?? []).map((c) => ({ value: c.nid, label: c.title }))}
                  data-testid="f-categories"
                />
              </Form.Item>
              <Form.Item name="use_products" label={label('use_products')} className={styles.span2}>
                <Select
                  size="large"
                  mode="multiple"
                  allowClear
                  placeholder={t('coupons.form.wholeOrder')}
                  showSearch={{ filterOption: false, onSearch: setProductText }}
                  onChange={(ids: number[]) => {
                    const names = Object.fromEntries(productOptions.filter((o) => ids.includes(o.value)).map((o) => [o.value, o.label]));
                    setKnown(names);
                  }}
                  loading={products.isFetching}
                  options={productOptions}
                  notFoundContent={products.isFetching ? t('coupons.form.searching') : t('coupons.form.noProducts')}
                  data-testid="f-products"
                />
              </Form.Item>
              <Form.Item name="min_amount_order" label={label('min_amount_order')} extra={t('coupons.form.help.minAmount')}>
                <InputNumber size="large" {...money} suffix="€" placeholder={t('coupons.form.noMinimum')} data-testid="f-min" />
              </Form.Item>
              <Form.Item name="cumulative" label={label('cumulative')} valuePropName="checked" extra={t('coupons.form.help.cumulative')}>
                <Switch data-testid="f-cumulative" />
              </Form.Item>
            </div>
          </Card>
        </div>
        <div className={layout.formNav}>
          <Button size="large" icon={<ArrowLeftOutlined />} onClick={() => navigate('/cupons')} data-testid="form-cancel">
            {t('common.cancel')}
          </Button>
          <Button size="large" type="primary" htmlType="submit" icon={<CheckOutlined />} loading={save.isPending} data-testid="form-save">
            {t('coupons.form.create')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
