import { MinusCircleOutlined, PlusCircleOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Form, Image, Input, InputNumber, Segmented, Select, Upload, type UploadFile } from 'antd';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, shownLocally } from '../../../shared/api';
import { decimalSeparator } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import ui from '../../../shared/ui/ui.module.css';
import { LOCATIONS, useRecordInventoryMovement, type InventoryAction, type InventoryItem, type InventoryLocation } from '../api';
import { stockErrorText } from '../errors';
import { formatQuantity } from '../format';
import { availableAt, fromMilli, toMilli } from '../quantity';
import styles from '../stock.module.css';
import { Qty } from './bits';
import { StockSheet } from './StockSheet';

interface Values {
  action: InventoryAction;
  amount: string | null;
  cost: string | null;
  location: InventoryLocation;
  from_location?: InventoryLocation;
  note?: string;
}

const NOTE_MAX = 200;
const MAX_IMAGES = 8;
const MAX_IMAGE_BYTES = 5 << 20;
const FIELDS = new Set(['amount', 'cost', 'location', 'from_location', 'note']);

function readAsDataURL(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/**
 * Record an inventory movement: add to a location, remove from one, or move between two; amount
 * (> 0, step 0.01), cost in euros (≥ 0), photos sent as base64 and a note of up to 200 characters.
 */
export function InventoryMovementModal({
  item: current,
  onClose,
  onSaved,
}: {
  item: InventoryItem | null;
  onClose: () => void;
  onSaved?: (item: InventoryItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const record = useRecordInventoryMovement();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  // The item stays on screen while the dialog closes.
  const [item, setItem] = useState(current);
  if (current && current !== item) setItem(current);
  const action = Form.useWatch('action', form) ?? 'add';
  const location = Form.useWatch('location', form);
  const from = Form.useWatch('from_location', form);
  const open = current !== null;
  const separator = decimalSeparator();
  const byLocation = item?.inventory_movement.by_location;
  const loc = (code: string) => t(`stock.locations.${code}`);

  // before the dialog paints, so a choice made the moment it shows is never reset
  useLayoutEffect(() => {
    if (!open) return;
    setFiles([]);
    form.setFieldsValue({ action: 'add', amount: null, cost: null, location: 'almacen_interno', from_location: 'almacen_interno', note: '' });
  }, [open, current?.iid, form]);

  const changeAction = (a: InventoryAction) => {
    form.setFieldValue('action', a);
    form.setFields([{ name: 'amount', errors: [] }, { name: 'location', errors: [] }, { name: 'from_location', errors: [] }]);
    if (a === 'move') {
      const src = form.getFieldValue('from_location') ?? 'almacen_interno';
      if (form.getFieldValue('location') === src) form.setFieldValue('location', LOCATIONS.find((l) => l !== src));
    }
  };

  const locationOptions = LOCATIONS.map((code) => ({
    value: code,
    label: (
      <span className={styles.route}>
        {loc(code)}
        <span className={cells.muted}>· {formatQuantity(availableAt(byLocation, code))} {t('stock.units.g')}</span>
      </span>
    ),
  }));

  const source = action === 'move' ? from : action === 'remove' ? location : undefined;

  const submit = async (v: Values) => {
    if (!item) return;
    const amount = toMilli(v.amount) ?? 0;
    const cost = toMilli(v.cost) ?? 0;
    const images = files.map((f) => f.thumbUrl).filter((u): u is string => !!u);
    record.mutate(
      {
        iid: item.iid,
        action: v.action,
        amount: fromMilli(amount),
        cost: Math.round(cost / 10) / 100,
        location: v.location,
        ...(v.action === 'move' ? { from_location: v.from_location } : {}),
        note: (v.note ?? '').trim(),
        images,
      },
      {
        onSuccess: (saved) => {
          message.success(
            t(`stock.inventory.move.saved.${v.action}`, { amount: formatQuantity(amount), title: saved.title }),
            3,
          );
          onSaved?.(saved);
          onClose();
        },
        onError: (e) => {
          if (!shownLocally(e)) return;
          const text = stockErrorText(e, t, i18n);
          // the server names the field; a shortage is about the amount even where it would not
          const field = isApiError(e) ? (e.field ?? (e.code === 'inventory.not_enough' ? 'amount' : undefined)) : undefined;
          if (field && FIELDS.has(field)) {
            form.setFields([{ name: field as keyof Values, errors: [text] }]);
            form.focusField(field as keyof Values);
          } else message.error(text, 5);
        },
      },
    );
  };

  const addFile = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      message.error(t('stock.inventory.move.notImage'), 4);
      return Upload.LIST_IGNORE;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      message.error(t('stock.inventory.move.tooLarge', { name: file.name }), 4);
      return Upload.LIST_IGNORE;
    }
    const url = await readAsDataURL(file);
    setFiles((prev) =>
      prev.length >= MAX_IMAGES ? prev : [...prev, { uid: `${Date.now()}-${file.name}-${prev.length}`, name: file.name, status: 'done', thumbUrl: url, url }],
    );
    return false;
  };

  const actions: { value: InventoryAction; icon: React.ReactNode }[] = [
    { value: 'add', icon: <PlusCircleOutlined /> },
    { value: 'remove', icon: <MinusCircleOutlined /> },
    { value: 'move', icon: <SwapOutlined /> },
  ];

  return (
    <StockSheet
      open={open}
      onClose={onClose}
      width={600}
      title={t('stock.inventory.move.title')}
      testId="inventory-move-dialog"
      save={{ text: t('stock.inventory.move.submit'), testId: 'move-save', loading: record.isPending, onClick: () => form.submit() }}
    >
      {item && (
        <div className={styles.itemContext}>
          <strong data-testid="move-item-title">{item.title}</strong>
          <span>
            {t('stock.inventory.columns.current')}: <Qty milli={toMilli(item.inventory_movement.amount_actual) ?? 0} className={cells.strong} />
          </span>
        </div>
      )}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="action" label={t('stock.inventory.move.action')}>
          <Segmented<InventoryAction>
            size="large"
            className={styles.segmented}
            onChange={changeAction}
            options={actions.map((a) => ({
              value: a.value,
              icon: a.icon,
              label: <span data-testid={`move-action-${a.value}`}>{t(`stock.actions.${a.value}`)}</span>,
            }))}
          />
        </Form.Item>

        <div className={styles.twoCols}>
          <Form.Item
            name="amount"
            label={t('stock.inventory.move.amount')}
            rules={[
              { required: true, message: t('stock.validation.amountRequired') },
              {
                validator: (_, v: string | null) =>
                  v === null || v === undefined || v === '' || (toMilli(v) ?? 0) > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('stock.errors.inventory.amount_positive'))),
              },
            ]}
          >
            <InputNumber<string>
              size="large"
              stringMode
              min="0"
              step="0.01"
              decimalSeparator={separator}
              suffix={t('stock.units.g')}
              className={styles.full}
              autoFocus
              data-testid="move-amount"
            />
          </Form.Item>
          <Form.Item name="cost" label={t('stock.inventory.move.cost')}>
            <InputNumber<string>
              size="large"
              stringMode
              min="0"
              step="0.01"
              precision={2}
              decimalSeparator={separator}
              suffix="€"
              placeholder="0"
              className={styles.full}
              data-testid="move-cost"
            />
          </Form.Item>
        </div>

        {action === 'move' ? (
          <div className={styles.twoCols}>
            <Form.Item name="from_location" label={t('stock.inventory.move.from')} rules={[{ required: true, message: t('stock.errors.inventory.from_required') }]}>
              <Select<InventoryLocation> size="large" options={locationOptions} data-testid="move-from" />
            </Form.Item>
            <Form.Item
              name="location"
              label={t('stock.inventory.move.to')}
              dependencies={['from_location']}
              rules={[
                { required: true, message: t('stock.validation.required') },
                ({ getFieldValue }) => ({
                  validator: (_, v) =>
                    v && v === getFieldValue('from_location')
                      ? Promise.reject(new Error(t('stock.errors.inventory.same_location')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Select<InventoryLocation> size="large" options={locationOptions} data-testid="move-to" />
            </Form.Item>
          </div>
        ) : (
          <Form.Item
            name="location"
            label={t(action === 'add' ? 'stock.inventory.move.addTo' : 'stock.inventory.move.removeFrom')}
            rules={[{ required: true, message: t('stock.validation.required') }]}
          >
            <Select<InventoryLocation> size="large" options={locationOptions} data-testid="move-location" />
          </Form.Item>
        )}
        {source && (
          <p className={styles.availability} data-testid="move-available">
            {t('stock.inventory.move.available', { location: loc(source) })}{' '}
            <strong>
              <Qty milli={availableAt(byLocation, source)} />
            </strong>
          </p>
        )}

        <Form.Item label={t('stock.inventory.move.images')} extra={t('stock.inventory.move.imagesHelp', { max: MAX_IMAGES })}>
          <Upload
            listType="picture-card"
            accept="image/*"
            multiple
            fileList={files}
            beforeUpload={addFile}
            onRemove={(f) => setFiles((prev) => prev.filter((x) => x.uid !== f.uid))}
            onPreview={(f) => setPreview(f.thumbUrl ?? f.url ?? null)}
            data-testid="move-images"
          >
            {files.length < MAX_IMAGES && (
              <button type="button" className={styles.uploadButton}>
                <PlusOutlined />
                <span>{t('stock.inventory.move.addImage')}</span>
              </button>
            )}
          </Upload>
        </Form.Item>

        <Form.Item name="note" label={t('stock.inventory.move.note')} rules={[{ max: NOTE_MAX, message: t('stock.errors.inventory.note_too_long') }]}>
          <Input.TextArea rows={3} maxLength={NOTE_MAX} showCount placeholder={t('stock.inventory.move.notePlaceholder')} data-testid="move-note" />
        </Form.Item>
      </Form>
      {preview && (
        <Image
          src={preview}
          alt=""
          className={ui.srOnly}
          preview={{ open: true, src: preview, onOpenChange: (v) => !v && setPreview(null) }}
        />
      )}
    </StockSheet>
  );
}
