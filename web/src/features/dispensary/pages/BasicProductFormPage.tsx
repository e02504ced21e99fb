import '../i18n';
import { AppstoreAddOutlined, ArrowLeftOutlined, FrownOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Rate, Result, Select, Skeleton, Switch } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError, useClubCategories } from '../../../shared/api';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useBasicItems, useSaveBasicItem } from '../api';
import { ImagesField } from '../../../shared/ui/ImagesField';
import { ProductCard } from '../components/ProductCard';
import styles from '../dispensary.module.css';
import { dispensaryErrorText } from '../errors';
import {
  bodyPreview,
  buildBasicPayload,
  EMPTY_FORM,
  formFieldOf,
  formValuesOf,
  MAX_BODY,
  MAX_IMAGES,
  MAX_TITLE,
  positiveId,
  type BasicFormValues,
} from '../model';
import { useDispensaryAccess } from '../useDispensaryAccess';

const MANAGER = '/dispensarymanagerbasic';

/**
 * Route "dispensaryproductcreatebasic" (?nid= edits that product, ?list= preselects a list): list,
 * title, subtitle, description, images, TV flag and rating, with a live preview of the card.
 */
export default function BasicProductFormPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nid = positiveId(params.get('nid'));
  const presetList = positiveId(params.get('list'));
  const { clubId } = useDispensaryAccess();
  const items = useBasicItems();
  const lists = useClubCategories('dispensary');
  const save = useSaveBasicItem();
  const [form] = Form.useForm<BasicFormValues>();
  const values = Form.useWatch([], form) as BasicFormValues | undefined;
  const filled = useRef<string | null>(null);

  const editing = nid !== null;
  const product = useMemo(() => (nid ? items.data?.find((p) => p.pid === nid) : undefined), [items.data, nid]);
  const missing = editing && items.isSuccess && !product;
  const noLists = lists.isSuccess && (lists.data ?? []).length === 0;
  const loading = (editing && items.isPending) || lists.isPending;

  // Fill the form once per product (edit) or per preselected list (create).
  useEffect(() => {
    if (loading) return;
    const sig = editing ? (product ? `edit:${product.pid}` : null) : `new:${presetList ?? ''}`;
    if (!sig || filled.current === sig) return;
    filled.current = sig;
    form.setFieldsValue(editing && product ? formValuesOf(product) : { ...EMPTY_FORM, listnid: presetList ?? undefined });
  }, [loading, editing, product, presetList, form]);

  // With a single list, choose it.
  useEffect(() => {
    if (loading) return;
    const only = lists.data?.length === 1 ? lists.data[0].nid : null;
    if (!editing && only && !form.getFieldValue('listnid')) form.setFieldValue('listnid', only);
  }, [loading, lists.data, editing, form]);

  const onFinish = async (v: BasicFormValues) => {
    try {
      await save.mutateAsync(buildBasicPayload(clubId, v, nid));
      message.success(editing ? t('dispensary.form.saved') : t('dispensary.form.created'), 3);
      navigate(MANAGER);
    } catch (e) {
      const text = dispensaryErrorText(e, t, i18n);
      const field = isApiError(e) ? formFieldOf(e.field) : undefined;
      if (field) {
        form.setFields([{ name: field, errors: [text] }]);
        form.scrollToField(field, { block: 'center', behavior: 'smooth' });
      } else if (isApiError(e) && e.code === 'category.not_found') {
        form.setFields([{ name: 'listnid', errors: [text] }]);
      } else {
        message.error(text, 5);
      }
    }
  };

  const heading = (
    <PageHeader
      className={styles.header}
      start={
        <Button
          className={styles.backButton}
          shape="circle"
          icon={<ArrowLeftOutlined />}
          aria-label={t('dispensary.form.backToManager')}
          onClick={() => navigate(MANAGER)}
          data-testid="form-back"
        />
      }
      title={editing ? t('dispensary.form.editTitle') : t('dispensary.form.createTitle')}
      subtitle={t('dispensary.form.subtitle')}
    />
  );

  if (missing) {
    return (
      <div className={`${layout.page} ${styles.formPage}`} data-testid="dispensaryproductcreatebasic-page">
        {heading}
        <Card className={layout.card}>
          <Result
            icon={<FrownOutlined className={layout.emptyIcon} />}
            title={t('dispensary.form.notFoundTitle')}
            subTitle={t('dispensary.form.notFoundHelp')}
            extra={
              <Button type="primary" onClick={() => navigate(MANAGER)}>
                {t('dispensary.form.backToManager')}
              </Button>
            }
            data-testid="form-not-found"
          />
        </Card>
      </div>
    );
  }

  const listTitle = lists.data?.find((c) => c.nid === values?.listnid)?.title;
  const preview = bodyPreview(values?.body ?? '');

  return (
    <div className={`${layout.page} ${styles.formPage}`} data-testid="dispensaryproductcreatebasic-page">
      {heading}
      <div className={styles.formGrid}>
        <Card className={`${layout.card} ${styles.formCard}`}>
          {loading ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : (
            <Form<BasicFormValues>
              form={form}
              layout="vertical"
              initialValues={EMPTY_FORM}
              onFinish={(v) => void onFinish(v)}
              scrollToFirstError={{ block: 'center', behavior: 'smooth' }}
              disabled={save.isPending}
              data-testid="basic-form"
            >
              {noLists && (
                <Alert
                  className={styles.noLists}
                  type="warning"
                  showIcon
                  title={t('dispensary.form.noListsTitle')}
                  description={
                    <div className={styles.noListsBody}>
                      <span>{t('dispensary.form.noListsHelp')}</span>
                      <Button icon={<AppstoreAddOutlined />} onClick={() => navigate('/productcategories')} data-testid="create-lists">
                        {t('dispensary.form.createLists')}
                      </Button>
                    </div>
                  }
                  data-testid="no-lists"
                />
              )}
              <Form.Item
                name="listnid"
                label={t('dispensary.form.list')}
                required
                rules={[{ required: true, message: t('dispensary.form.required') }]}
              >
                <Select<number>
                  size="large"
                  placeholder={t('dispensary.form.listPlaceholder')}
                  options={(lists.data ?? []).map((c) => ({ value: c.nid, label: c.title }))}
                  disabled={noLists || save.isPending}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="f-list"
                />
              </Form.Item>
              <Form.Item
                name="title"
                label={t('dispensary.form.title')}
                required
                rules={[
                  { required: true, whitespace: true, message: t('dispensary.form.required') },
                  { max: MAX_TITLE, message: t('dispensary.form.titleTooLong', { max: MAX_TITLE }) },
                ]}
              >
                <Input size="large" maxLength={MAX_TITLE} placeholder={t('dispensary.form.titlePlaceholder')} data-testid="f-title" />
              </Form.Item>
              <Form.Item name="subtitle" label={t('dispensary.form.subtitleLabel')}>
                <Input size="large" maxLength={MAX_TITLE} placeholder={t('dispensary.form.subtitlePlaceholder')} data-testid="f-subtitle" />
              </Form.Item>
              <Form.Item name="body" label={t('dispensary.form.body')}>
                <Input.TextArea
                  autoSize={{ minRows: 4, maxRows: 12 }}
                  maxLength={MAX_BODY}
                  placeholder={t('dispensary.form.bodyPlaceholder')}
                  data-testid="f-body"
                />
              </Form.Item>
              <Form.Item
                name="images"
                label={t('dispensary.form.images')}
                extra={t('dispensary.form.imagesHelp', { max: MAX_IMAGES })}
              >
                <ImagesField />
              </Form.Item>
              <div className={styles.formRow}>
                <Form.Item label={t('dispensary.form.showInTv')} extra={t('dispensary.form.showInTvHelp')}>
                  <Form.Item name="showintv" valuePropName="checked" noStyle>
                    <Switch data-testid="f-showintv" aria-label={t('dispensary.form.showInTv')} />
                  </Form.Item>
                </Form.Item>
                <Form.Item name="valoration" label={t('dispensary.form.rating')} extra={t('dispensary.form.ratingHelp')}>
                  <Rate allowClear data-testid="f-valoration" />
                </Form.Item>
              </div>
              <div className={styles.formFooter}>
                <Button size="large" onClick={() => navigate(MANAGER)} disabled={false} data-testid="form-cancel">
                  {t('common.cancel')}
                </Button>
                <Button
                  size="large"
                  type="primary"
                  htmlType="submit"
                  icon={<SaveOutlined />}
                  loading={save.isPending}
                  disabled={noLists}
                  data-testid="form-save"
                >
                  {save.isPending ? t('dispensary.form.saving') : t('dispensary.form.save')}
                </Button>
              </div>
            </Form>
          )}
        </Card>

        <aside className={styles.previewColumn} aria-label={t('dispensary.form.preview')} data-testid="form-preview">
          <p className={styles.previewLabel}>
            {t('dispensary.form.preview')}
            <span>{t('dispensary.form.previewHelp')}</span>
          </p>
          <ProductCard
            title={values?.title ?? ''}
            subtitle={values?.subtitle ?? ''}
            image={values?.images?.[0]}
            list={listTitle}
            rating={values?.valoration ?? 0}
            showInTv={values?.showintv ?? true}
            placeholders={{ title: t('dispensary.form.previewTitle'), subtitle: t('dispensary.form.previewSubtitle') }}
            text={preview.text ? <p className={styles.cardText}>{preview.text}</p> : undefined}
            testId="preview-card"
          />
        </aside>
      </div>
    </div>
  );
}
