import { App, Form, Input, Segmented, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, shownLocally, useClubCategories } from '../../../shared/api';
import { DOMINANCES, INVENTORY_TYPES, useSaveInventoryItem, type Dominance, type InventoryItem, type InventoryType } from '../api';
import { stockErrorText } from '../errors';
import styles from '../stock.module.css';
import { StockSheet } from './StockSheet';

interface Values {
  title: string;
  category?: number | null;
  type: InventoryType;
  dominance: Dominance;
  status: boolean;
}

const FIELDS = new Set(['title', 'category', 'type', 'dominance']);

/** Create an inventory item (or edit one): title, product category, type, dominance, active. */
export function InventoryItemModal({
  open,
  item,
  onClose,
  onSaved,
}: {
  open: boolean;
  item?: InventoryItem | null;
  onClose: () => void;
  onSaved?: (item: InventoryItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const categories = useClubCategories('dispensary');
  const save = useSaveInventoryItem();
  const editing = !!item;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      item
        ? {
            title: item.title,
            category: item.category ?? undefined,
            type: item.type || 'indoor',
            dominance: (DOMINANCES as readonly string[]).includes(item.dominance) ? (item.dominance as Dominance) : 'hibrido',
            status: item.status,
          }
        : { title: '', category: undefined, type: 'indoor', dominance: 'hibrido', status: true },
    );
  }, [open, item, form]);

  const submit = (v: Values) => {
    save.mutate(
      {
        ...(item ? { nid: item.iid } : {}),
        title: v.title.trim(),
        ...(v.category ? { category: v.category } : {}),
        type: v.type,
        dominance: v.dominance,
        status: v.status,
      },
      {
        onSuccess: (saved) => {
          message.success(t(editing ? 'stock.inventory.item.updated' : 'stock.inventory.item.created', { title: saved.title }), 3);
          onSaved?.(saved);
          onClose();
        },
        onError: (e) => {
          if (!shownLocally(e)) return;
          const text = stockErrorText(e, t, i18n);
          const field = isApiError(e) ? e.field : undefined;
          if (field && FIELDS.has(field)) {
            form.setFields([{ name: field as keyof Values, errors: [text] }]);
            form.focusField(field as keyof Values);
          } else message.error(text, 5);
        },
      },
    );
  };

  return (
    <StockSheet
      open={open}
      onClose={onClose}
      width={560}
      title={t(editing ? 'stock.inventory.item.editTitle' : 'stock.inventory.item.newTitle')}
      testId="inventory-item-dialog"
      lead={t('stock.inventory.item.lead')}
      save={{ text: t(editing ? 'stock.common.save' : 'stock.inventory.item.create'), testId: 'item-save', loading: save.isPending, onClick: () => form.submit() }}
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} preserve={false}>
        <Form.Item
          name="title"
          label={t('stock.inventory.item.title')}
          rules={[
            { required: true, whitespace: true, message: t('stock.validation.required') },
            { max: 120, message: t('stock.errors.inventory.title_too_long') },
          ]}
        >
          <Input size="large" maxLength={120} autoFocus autoComplete="off" placeholder={t('stock.inventory.item.titlePlaceholder')} data-testid="item-title" />
        </Form.Item>
        <Form.Item name="category" label={t('stock.inventory.item.category')}>
          <Select<number>
            size="large"
            allowClear
            loading={categories.isPending}
            placeholder={t('stock.inventory.item.noCategory')}
            options={(categories.data ?? []).map((c) => ({ value: c.nid, label: c.title }))}
            data-testid="item-category"
          />
        </Form.Item>
        <Form.Item name="type" label={t('stock.inventory.item.type')}>
          <Segmented<InventoryType>
            size="large"
            className={styles.segmented}
            options={INVENTORY_TYPES.map((v) => ({ value: v, label: t(`stock.types.${v}`) }))}
            data-testid="item-type"
          />
        </Form.Item>
        <Form.Item name="dominance" label={t('stock.inventory.item.dominance')}>
          <Segmented<Dominance>
            size="large"
            className={styles.segmented}
            options={DOMINANCES.map((v) => ({ value: v, label: t(`stock.dominance.${v}`) }))}
            data-testid="item-dominance"
          />
        </Form.Item>
        <div className={styles.switchRow}>
          <span className={styles.switchText}>
            <strong id="item-status-label">{t('stock.inventory.item.active')}</strong>
            <span>{t('stock.inventory.item.activeHelp')}</span>
          </span>
          <Form.Item name="status" valuePropName="checked" noStyle>
            <Switch aria-labelledby="item-status-label" data-testid="item-status" />
          </Form.Item>
        </div>
      </Form>
    </StockSheet>
  );
}
