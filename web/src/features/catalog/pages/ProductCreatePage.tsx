import '../i18n';
import { ArrowLeftOutlined, CheckOutlined, ExperimentOutlined, ScanOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Radio, Result, Select, Skeleton, Space, Switch } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { classifyError, isApiError, reportApiError, useClubCategories } from '../../../shared/api';
import { QrScannerModal } from '../../../shared/scan';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { presetPicture, useProduct, useProductBatches, useSaveProduct } from '../api';
import { useQuantity } from '../components/bits';
import { ImagesField } from '../components/ImagesField';
import { PresetModal } from '../components/PresetModal';
import { ProductBatches } from '../components/ProductBatches';
import { catalogErrorText } from '../errors';
import {
  buildPayload,
  DOMINANCES,
  formFieldOfError,
  formValuesOf,
  MAX_CODE,
  MAX_TITLE,
  NEW_PRODUCT,
  PRODUCT_TYPES,
  type Preset,
  type ProductFormValues,
} from '../model';
import { useCatalogAccess } from '../useCatalogAccess';
import styles from '../catalog.module.css';
import { useApp } from '../../../shared/ui/useApp';

const MANAGER = '/dispensarymanagerpro';

/** The switches of the form, in the order of spec §2. */
const SWITCHES = ['thc', 'menuexport', 'status', 'discount', 'unlimited_stock', 'inventory_tracking'] as const;

/**
 * Route "dispensaryproductcreatepro": create a product, or edit one (?pid=). The varieties
 * repository prefills title, body and dominance; the code can be typed, read by a USB scanner
 * (its Enter does not submit) or scanned with the camera. spec §5 rules are checked here and by
 * the server; a refused save shows a red notification for 15 s and marks the field it is about.
 */
export default function ProductCreatePage() {
  const { t, i18n } = useTranslation();
  const { message, notification } = useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pid = Number(params.get('pid') ?? '') || null;
  const isEdit = pid !== null;
  const access = useCatalogAccess();
  const club = access.clubId;
  const existing = useProduct(pid);
  const categories = useClubCategories('dispensary');
  const save = useSaveProduct();
  const q = useQuantity();
  const [form] = Form.useForm<ProductFormValues>();
  const [presetsOpen, setPresetsOpen] = useState(false);
  const [scanOpen, setScanOpen] = useState(false);
  const loadedFor = useRef<number | null>(null);
  const type = Form.useWatch('type', form);
  const product = isEdit ? existing.data : undefined;
  // Clubs that grow: the batches whose grams are in a weight product's stock (only such a product
  // takes a batch's grams), and the THC and CBD that follow them.
  const showBatches = access.can.batches && !!product && product.type === 'peso' && !product.unlimited_stock;
  const batches = useProductBatches(pid, showBatches);
  const hasBatches = showBatches && (batches.data?.length ?? 0) > 0;

  useEffect(() => {
    document.title = `${isEdit ? t('catalog.form.titleEdit') : t('catalog.form.titleNew')} · ${t('common.appName')}`;
  }, [isEdit, t]);

  // Edit mode: fill the form once the product has loaded.
  useEffect(() => {
    if (!product || loadedFor.current === product.pid) return;
    loadedFor.current = product.pid;
    form.setFieldsValue(formValuesOf(product));
  }, [product, form]);

  const label = (name: keyof ProductFormValues) => t(`catalog.form.fields.${name}`);

  const choosePreset = async (p: Preset) => {
    setPresetsOpen(false);
    form.setFieldsValue({ title: p.title, body: p.body, dominance: p.dominance });
    form.setFields((['title', 'body', 'dominance'] as const).map((name) => ({ name, errors: [] })));
    message.success({ content: t('catalog.form.presetApplied', { title: p.title }), key: 'preset', duration: 3 });
    // With no picture yet, the variety's own picture becomes the product's first image.
    const images = (form.getFieldValue('images') as ProductFormValues['images'] | undefined) ?? [];
    const src = p.images?.[0]?.img;
    if (images.length === 0 && src) {
      const data = await presetPicture(src);
      const now = (form.getFieldValue('images') as ProductFormValues['images'] | undefined) ?? [];
      if (data && now.length === 0) form.setFieldsValue({ images: [{ key: `preset-${p.slug}`, src: data, preview: data }] });
    }
  };

  const onFinish = (v: ProductFormValues) => {
    const all = { ...NEW_PRODUCT, ...form.getFieldsValue(true), ...v } as ProductFormValues;
    const payload = buildPayload(all, { club, pid });
    save.mutate(payload, {
      onSuccess: (saved) => {
        message.success(isEdit ? t('catalog.form.savedEdit', { title: saved.titulo }) : t('catalog.form.savedNew', { title: saved.titulo }), 3);
        navigate(`${MANAGER}?pid=${saved.pid}`);
      },
      onError: (e) => {
        const kind = classifyError(e);
        if (kind === 'sessionExpired' || kind === 'forbidden') {
          reportApiError(e);
          return;
        }
        const text = catalogErrorText(e, t, i18n);
        const field = isApiError(e) ? formFieldOfError(e.code, e.field) : null;
        notification.error({
          key: 'product-save',
          title: t('errors.title'),
          description: <span data-testid="save-error">{field ? `${label(field)}: ${text}` : text}</span>,
          duration: 15,
          placement: 'topRight',
          className: styles.errorNotice,
        });
        if (field) {
          form.setFields([{ name: field, errors: [text] }]);
          form.scrollToField(field, { block: 'center', focus: true });
        }
      },
    });
  };

  if (isEdit && existing.isPending) {
    return (
      <div className={`${layout.page} ${styles.formPage}`}>
        <Card className={layout.card}>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </div>
    );
  }
  if (isEdit && !product) {
    return (
      <div className={`${layout.page} ${styles.formPage}`}>
        <Card className={layout.card}>
          <Result
            status="warning"
            title={t('catalog.form.loadError')}
            subTitle={t('catalog.form.loadErrorHelp')}
            extra={<Button onClick={() => navigate(MANAGER)}>{t('catalog.form.backToList')}</Button>}
            data-testid="product-missing"
          />
        </Card>
      </div>
    );
  }

  const noCategories = categories.isSuccess && (categories.data ?? []).length === 0;
  const required = [{ required: true, message: t('catalog.form.required') }];
  const money = { min: 0, step: 0.01, precision: 2, decimalSeparator: q.decimalSeparator, suffix: t('catalog.form.euro'), className: styles.full, inputMode: 'decimal' as const };
  // A lab's percentage: 0–100 with up to two decimals, as typed.
  const percent = { min: 0, max: 100, step: 0.1, decimalSeparator: q.decimalSeparator, suffix: '%', className: styles.full, inputMode: 'decimal' as const };
  // Weights keep up to three decimals without trailing zeros ("30", "2,5"); "," and "." both read as decimals.
  const grams = {
    min: 0,
    step: 0.5,
    formatter: (v: number | string | undefined, info: { userTyping: boolean; input: string }) =>
      info.userTyping ? info.input : v === undefined || v === '' ? '' : String(v).replace('.', q.decimalSeparator),
    parser: (s: string | undefined) => (s ?? '').replace(',', '.').replace(/[^\d.-]/g, ''),
    suffix: t('catalog.units.g'),
    className: styles.full,
    inputMode: 'decimal' as const,
  };

  return (
    <div className={`${layout.page} ${styles.formPage}`} data-testid="product-create-page">
      <PageHeader
        title={isEdit ? t('catalog.form.titleEdit') : t('catalog.form.titleNew')}
        titleTestId="form-title"
        subtitle={isEdit && product ? t('catalog.form.subtitleEdit', { title: product.titulo }) : t('catalog.form.subtitleNew')}
        actionsClassName={styles.headerActions}
        actions={
          <Button size="large" icon={<ExperimentOutlined />} onClick={() => setPresetsOpen(true)} data-testid="open-presets">
            {t('catalog.form.presets')}
          </Button>
        }
      />

      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        initialValues={NEW_PRODUCT}
        onFinish={onFinish}
        onValuesChange={(changed: Partial<ProductFormValues>) => {
          // A refused field loses its message as soon as it is edited.
          const names = Object.keys(changed) as (keyof ProductFormValues)[];
          const stale = names.filter((n) => form.getFieldError(n).length > 0);
          if (stale.length) form.setFields(stale.map((name) => ({ name, errors: [] })));
          if ('type' in changed && form.getFieldError('unit_weight').length) form.setFields([{ name: 'unit_weight', errors: [] }]);
        }}
        scrollToFirstError={{ block: 'center', focus: true }}
        className={styles.productForm}
        data-testid="product-form"
      >
        <div className={styles.formColumns}>
          <Card className={layout.card} title={t('catalog.form.sections.main')}>
            <div className={styles.fieldGrid}>
              <Form.Item name="title" label={label('title')} rules={[{ ...required[0], whitespace: true }]} className={styles.span2}>
                <Input size="large" maxLength={MAX_TITLE} autoComplete="off" placeholder={t('catalog.form.placeholders.title')} autoFocus={!isEdit} data-testid="f-title" />
              </Form.Item>
              <Form.Item
                name="category"
                label={label('category')}
                rules={required}
                extra={noCategories ? <span className={styles.warnText}>{t('catalog.form.noCategories')}</span> : undefined}
              >
                <Select
                  size="large"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={categories.isPending}
                  placeholder={t('catalog.form.placeholders.category')}
                  options={(categories.data ?? []).map((c) => ({ value: c.nid, label: c.title }))}
                  data-testid="f-category"
                />
              </Form.Item>
              <Form.Item name="dominance" label={label('dominance')} rules={required}>
                <Radio.Group
                  size="large"
                  optionType="button"
                  buttonStyle="solid"
                  className={styles.radioBlock}
                  options={DOMINANCES.map((d) => ({ value: d, label: t(`catalog.dominance.${d}`) }))}
                  data-testid="f-dominance"
                />
              </Form.Item>
              <Form.Item name="thc_percent" label={label('thc_percent')} extra={t('catalog.form.help.thc_percent')}>
                <InputNumber size="large" {...percent} data-testid="f-thc-percent" />
              </Form.Item>
              <Form.Item name="cbd_percent" label={label('cbd_percent')}>
                <InputNumber size="large" {...percent} data-testid="f-cbd-percent" />
              </Form.Item>
              {hasBatches && (
                <p className={`${styles.span2} ${styles.batchFieldHint}`} data-testid="thc-follows-batches">
                  <ExperimentOutlined aria-hidden="true" />
                  {t('catalog.batches.thcHint')}
                </p>
              )}
              <Form.Item name="code" label={label('code')} extra={t('catalog.form.help.code')} className={styles.span2}>
                <CodeField placeholder={t('catalog.form.placeholders.code')} scanLabel={t('catalog.form.scan')} scanTitle={t('catalog.form.scanTitle')} onScan={() => setScanOpen(true)} />
              </Form.Item>
              <Form.Item name="body" label={label('body')} className={styles.span2}>
                <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={20000} placeholder={t('catalog.form.placeholders.body')} data-testid="f-body" />
              </Form.Item>
            </div>

            <section className={styles.formSection} aria-labelledby="sale-title">
              <h3 id="sale-title" className={styles.sectionTitle}>
                {t('catalog.form.sections.sale')}
              </h3>
              <div className={styles.fieldGrid}>
                <Form.Item name="type" label={label('type')} rules={required} extra={t('catalog.form.help.type')} className={styles.span2}>
                  <Radio.Group
                    size="large"
                    optionType="button"
                    buttonStyle="solid"
                    className={styles.radioBlock}
                    options={PRODUCT_TYPES.map((x) => ({ value: x, label: t(`catalog.types.${x}`) }))}
                    data-testid="f-type"
                  />
                </Form.Item>
                <Form.Item name="price" label={label('price')} rules={required}>
                  <InputNumber size="large" {...money} data-testid="f-price" />
                </Form.Item>
                <Form.Item name="cost" label={label('cost')}>
                  <InputNumber size="large" {...money} data-testid="f-cost" />
                </Form.Item>
                <Form.Item
                  name="unit_weight"
                  label={label('unit_weight')}
                  extra={t('catalog.form.help.unit_weight')}
                  dependencies={['type']}
                  required={type === 'ambos'}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: (_, v: number | null | undefined) =>
                        getFieldValue('type') !== 'ambos' || (typeof v === 'number' && v > 0)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('catalog.form.unitWeightRequired'))),
                    }),
                  ]}
                >
                  <InputNumber size="large" {...grams} data-testid="f-unit-weight" />
                </Form.Item>
                {type === 'peso' && (
                  <Form.Item name="jar_weight" label={label('jar_weight')} extra={t('catalog.form.help.jar_weight')}>
                    <InputNumber size="large" {...grams} data-testid="f-jar-weight" />
                  </Form.Item>
                )}
              </div>
            </section>
          </Card>

          <div className={styles.sideColumn}>
            <Card className={layout.card} title={t('catalog.form.sections.images')}>
              <Form.Item name="images" extra={t('catalog.form.imagesHint')} className={styles.noMargin}>
                <ImagesField />
              </Form.Item>
            </Card>
            <Card className={layout.card} title={t('catalog.form.sections.options')}>
              <ul className={styles.switchList}>
                {SWITCHES.map((name) => (
                  <li key={name}>
                    <label className={styles.switchRow} htmlFor={`f-${name}`}>
                      <span className={styles.switchText}>
                        <strong>{label(name)}</strong>
                        <span className={cells.muted}>{t(`catalog.form.help.${name}`)}</span>
                      </span>
                      <Form.Item name={name} valuePropName="checked" noStyle>
                        <Switch id={`f-${name}`} data-testid={`f-${name}`} />
                      </Form.Item>
                    </label>
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        </div>

        {showBatches && product && (
          <ProductBatches batches={batches.data} loading={batches.isPending} failed={batches.isError} stock={product.stock} />
        )}

        <div className={layout.formNav}>
          <Button size="large" icon={<ArrowLeftOutlined />} onClick={() => navigate(MANAGER)} data-testid="form-cancel">
            {t('common.cancel')}
          </Button>
          <Button size="large" type="primary" htmlType="submit" icon={<CheckOutlined />} loading={save.isPending} data-testid="form-save">
            {isEdit ? t('catalog.form.save') : t('catalog.form.create')}
          </Button>
        </div>
      </Form>

      <PresetModal open={presetsOpen} onClose={() => setPresetsOpen(false)} onChoose={(p) => void choosePreset(p)} />
      <QrScannerModal
        open={scanOpen}
        onClose={() => setScanOpen(false)}
        onResult={(code) => {
          setScanOpen(false);
          form.setFieldsValue({ code: code.trim() });
          form.setFields([{ name: 'code', errors: [] }]);
          message.success({ content: t('catalog.form.codeRead', { code: code.trim() }), key: 'code-read', duration: 3 });
        }}
      />
    </div>
  );
}

interface CodeFieldProps {
  id?: string;
  value?: string;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  placeholder: string;
  scanLabel: string;
  scanTitle: string;
  onScan: () => void;
  'aria-invalid'?: boolean;
}

/** The product code: typed, read by a USB scanner (its Enter does not submit) or scanned with the camera. */
function CodeField({ id, value, onChange, placeholder, scanLabel, scanTitle, onScan, ...rest }: CodeFieldProps) {
  return (
    <Space.Compact block>
      <Input
        id={id}
        size="large"
        value={value}
        onChange={onChange}
        maxLength={MAX_CODE}
        autoComplete="off"
        className={styles.codeInput}
        placeholder={placeholder}
        aria-invalid={rest['aria-invalid']}
        onPressEnter={(e) => {
          // A USB scanner types the code and Enter: keep the reading, do not submit; the text
          // stays selected so the next reading replaces it.
          e.preventDefault();
          e.currentTarget.select();
        }}
        data-testid="f-code"
      />
      <Button size="large" icon={<ScanOutlined />} onClick={onScan} title={scanTitle} data-testid="f-code-scan">
        {scanLabel}
      </Button>
    </Space.Compact>
  );
}
