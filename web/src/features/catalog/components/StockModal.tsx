import { ArrowRightOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { shownLocally } from '../../../shared/api';
import cells from '../../../shared/ui/cells.module.css';
import { SheetModal } from '../../../shared/ui/SheetModal';
import { useAdjustStock } from '../api';
import { catalogErrorText } from '../errors';
import { fromMilli, MAX_NOTE, previewStock, stockChangeMilli, stockUnit, type Product, type StockMode } from '../model';
import styles from '../catalog.module.css';
import { ProductThumb, useQuantity } from './bits';
import { useApp } from '../../../shared/ui/useApp';

interface Values {
  mode: StockMode;
  quantity: number | null;
  note: string;
}

interface Props {
  product: Product | null;
  onClose: () => void;
}

/**
 * The stock adjustment modal (spec §2): add or remove a quantity (step 0.01, more than zero) with
 * an optional note of at most 200 characters; the new stock is previewed as current ± quantity with
 * two decimals and may not go below zero. Never offered for products with unlimited stock.
 */
export function StockModal({ product, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const q = useQuantity();
  const [form] = Form.useForm<Values>();
  const adjust = useAdjustStock();
  const open = product !== null && !product.unlimited_stock;
  const mode = (Form.useWatch('mode', form) ?? 'add') as StockMode;
  const quantity = Form.useWatch('quantity', form) as number | null | undefined;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, product?.pid, form]);

  if (!product) return null;
  const unit = t(`catalog.units.${stockUnit(product.type)}`);
  const preview = previewStock(product.stock, quantity, mode);
  const hasQuantity = typeof quantity === 'number' && quantity > 0;

  const submit = (v: Values) => {
    const change = stockChangeMilli(v.quantity, v.mode);
    if (change === 0) {
      form.setFields([{ name: 'quantity', errors: [t('catalog.stock.quantityRequired')] }]);
      return;
    }
    if (preview.negative) return;
    adjust.mutate(
      { pid: product.pid, change: fromMilli(change), note: (v.note ?? '').trim() },
      {
        onSuccess: (moves) => {
          const level = moves[0]?.new_level ?? preview.value;
          message.success({
            content: t('catalog.stock.saved', { title: product.titulo, stock: q.withUnit(level, product.type) }),
            duration: 3,
            key: 'stock-saved',
          });
          onClose();
        },
        onError: (e) => {
          if (!shownLocally(e)) return;
          const text = catalogErrorText(e, t, i18n);
          const field = (e as { code?: string }).code === 'stock.note_too_long' ? 'note' : 'quantity';
          form.setFields([{ name: field, errors: [text] }]);
        },
      },
    );
  };

  return (
    <SheetModal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      keyboard
      title={t('catalog.stock.title')}
      footer={null}
      width={480}
      data-testid="stock-modal"
    >
      <div className={styles.modalProduct}>
        <ProductThumb src={product.thumb} size={48} />
        <div className={styles.modalProductText}>
          <strong>{product.titulo}</strong>
          <span className={cells.muted}>
            {t('catalog.stock.current')}:{' '}
            <span className={cells.num} data-testid="stock-current">
              {q.withUnit(product.stock, product.type)}
            </span>
          </span>
        </div>
      </div>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ mode: 'add', quantity: null, note: '' }}
        onFinish={submit}
        requiredMark={false}
        className={styles.stockForm}
        onValuesChange={() => {
          if (form.getFieldError('quantity').length) form.setFields([{ name: 'quantity', errors: [] }]);
        }}
      >
        <Form.Item name="mode" label={t('catalog.stock.mode')}>
          <Radio.Group optionType="button" buttonStyle="solid" size="large" className={styles.modeRadio} data-testid="stock-mode">
            <Radio.Button value="add">
              <span data-testid="stock-add">
                <PlusOutlined /> {t('catalog.stock.add')}
              </span>
            </Radio.Button>
            <Radio.Button value="remove">
              <span data-testid="stock-remove">
                <MinusOutlined /> {t('catalog.stock.remove')}
              </span>
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('catalog.stock.quantity')}
          rules={[
            {
              validator: (_, v: number | null) =>
                typeof v === 'number' && v > 0 ? Promise.resolve() : Promise.reject(new Error(t('catalog.stock.quantityRequired'))),
            },
          ]}
        >
          <InputNumber
            size="large"
            min={0}
            step={0.01}
            precision={2}
            decimalSeparator={q.decimalSeparator}
            suffix={unit}
            className={styles.full}
            autoFocus
            inputMode="decimal"
            data-testid="stock-quantity"
          />
        </Form.Item>
        <Form.Item name="note" label={t('catalog.stock.note')} rules={[{ max: MAX_NOTE, message: t('catalog.stock.noteTooLong') }]}>
          <Input.TextArea
            maxLength={MAX_NOTE}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('catalog.stock.notePlaceholder')}
            data-testid="stock-note"
          />
        </Form.Item>

        <div className={`${styles.preview} ${preview.negative ? styles.previewBad : ''}`} aria-live="polite" data-testid="stock-preview-box">
          <span className={styles.figureLabel}>{t('catalog.stock.preview')}</span>
          <span className={styles.previewLine}>
            <span className={styles.previewFrom}>{q.number(product.stock, 2)}</span>
            <ArrowRightOutlined className={styles.previewArrow} />
            <strong className={styles.previewTo} data-testid="stock-preview">
              {q.number(preview.value, 2)} {unit}
            </strong>
          </span>
          {preview.negative && <span className={styles.previewError}>{t('catalog.stock.negative')}</span>}
        </div>

        <div className={styles.modalFooter}>
          <Button size="large" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            size="large"
            type="primary"
            htmlType="submit"
            loading={adjust.isPending}
            disabled={preview.negative || !hasQuantity}
            data-testid="stock-save"
          >
            {t('catalog.stock.save')}
          </Button>
        </div>
      </Form>
    </SheetModal>
  );
}
