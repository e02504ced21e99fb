import { ExperimentOutlined, UsbOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed, formatMoney, formatNumber } from '../../../shared/format';
import type { Product, ProductBatch } from '../api';
import { batchSource, checkAdd, priceOf, quantityOf, readNumber, type AddError, type BatchShare } from '../model';
import styles from '../pos.module.css';

interface Props {
  product: Product | null;
  /** Grams or units of the product already in the cart. */
  inCart: number;
  hasMember: boolean;
  /** Grams the member may still receive today under the club's rules; null: no limit. */
  leftToday?: number | null;
  /**
   * The cultivation batches in the product's stock, in the order a sale takes them (clubs that grow);
   * undefined while they are read or where they are not asked for. Never waited for.
   */
  batches?: ProductBatch[];
  onAdd: (quantity: number) => void;
  onClose: () => void;
}

const errorKeys: Record<AddError, string> = {
  noMember: 'pos.add.noMember',
  notNumeric: 'pos.add.notNumeric',
  empty: 'pos.add.empty',
  noStock: 'pos.add.noStock',
  zero: 'pos.add.zero',
};

type SerialPortLike = { open: (o: { baudRate: number }) => Promise<void>; readable: ReadableStream<Uint8Array> | null; close: () => Promise<void> };
type SerialLike = { requestPort: () => Promise<SerialPortLike> };
const serial = (): SerialLike | undefined => (navigator as unknown as { serial?: SerialLike }).serial;

/** Reads one line from a serial scale (Web Serial, Chromium), or null. */
async function readScale(): Promise<string | null> {
  const s = serial();
  if (!s) return null;
  const port = await s.requestPort();
  await port.open({ baudRate: 9600 });
  const reader = port.readable?.getReader();
  let text = '';
  try {
    const deadline = Date.now() + 3000;
    while (reader && Date.now() < deadline && !text.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } finally {
    reader?.releaseLock();
    await port.close();
  }
  return text.split('\n').find((l) => readNumber(l) !== null) ?? null;
}

/**
 * The add-to-order dialog (spec part 1 §5): quantity and price track each other; only weight
 * products take a typed price. It opens with the cursor in the field staff type first, the grams
 * or the units (the spec focused a weight product's price; typing quickly then sold euros as
 * grams). Enter adds, Escape closes. Mounted only while a product is chosen: each product gets a
 * fresh form, and the dialog's fields are in the page in the same commit as the dialog.
 */
export function AddToOrderModal(props: Props) {
  return props.product ? <AddDialog key={props.product.pid} {...props} product={props.product} /> : null;
}

function AddDialog({ product, inCart, hasMember, leftToday, batches, onAdd, onClose }: Props & { product: Product }) {
  const { t } = useTranslation();
  const weight = product.type === 'peso';
  const unit = product.precio;
  const [quantity, setQuantity] = useState(weight ? '' : '1');
  const [price, setPrice] = useState(weight ? '' : formatFixed(priceOf(unit, 1), 2));
  const [error, setError] = useState<AddError | null>(null);
  const sent = useRef(false);

  const typeQuantity = (v: string) => {
    setQuantity(v);
    setError(null);
    // the other field follows a number; text that is not one leaves it as it was
    const q = readNumber(v);
    if (q !== null) setPrice(formatFixed(priceOf(unit, q), 2));
    else if (v.trim() === '') setPrice('');
  };
  const typePrice = (v: string) => {
    setPrice(v);
    setError(null);
    const p = readNumber(v);
    if (p !== null) setQuantity(formatFixed(quantityOf(unit, p), 3));
    else if (v.trim() === '') setQuantity('');
  };

  const submit = () => {
    if (sent.current) return; // Enter in a field and the form's own submit: one line
    const e = checkAdd({ member: hasMember, quantity, price, stock: product.stock, unlimited: product.unlimited_stock, inCart });
    setError(e);
    if (e) return;
    sent.current = true;
    onAdd(readNumber(quantity)!);
  };

  const scale = async () => {
    try {
      const line = await readScale();
      if (line !== null) typeQuantity(String(readNumber(line)));
    } catch {
      setError('notNumeric');
    }
  };

  const quantityField = (
    <Form.Item label={weight ? t('pos.add.grams') : t('pos.add.units')} htmlFor="add-quantity">
      <Input
        id="add-quantity"
        // The cursor is in the grams or units from the commit that shows the fields (the dialog is
        // mounted open, its portal already in the page), before the first paint: the first key
        // typed lands here, and no timer moves it afterwards. The dialog keeps a focus inside it.
        autoFocus
        onFocus={(e) => e.target.select()}
        inputMode="decimal"
        value={quantity}
        onChange={(e) => typeQuantity(e.target.value)}
        onPressEnter={submit}
        suffix={weight ? 'g' : undefined}
        data-testid="add-quantity"
      />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={product.titulo}
      onCancel={onClose}
      onOk={submit}
      okText={t('pos.add.add')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'add-confirm' }}
    >
      <Form layout="vertical" onFinish={submit} className={styles.addForm}>
        <p className={styles.muted} data-testid="add-unit-price">
          {weight ? t('pos.add.perGram', { price: formatMoney(unit) }) : t('pos.add.perUnit', { price: formatMoney(unit) })}
          {' · '}
          {product.unlimited_stock ? t('pos.product.unlimited') : t('pos.product.stock', { stock: formatNumber(product.stock), unit: weight ? 'g' : '' })}
        </p>
        <div className={styles.addFields}>
          {quantityField}
          <Form.Item label={t('pos.add.price')} htmlFor="add-price">
            {weight ? (
              <Input id="add-price" inputMode="decimal" value={price} onChange={(e) => typePrice(e.target.value)} onPressEnter={submit} suffix="€" data-testid="add-price" />
            ) : (
              <Input id="add-price" value={price} readOnly suffix="€" data-testid="add-price" />
            )}
          </Form.Item>
        </div>
        {weight && serial() && (
          <Button icon={<UsbOutlined />} onClick={() => void scale()} data-testid="add-scale">
            {t('pos.add.readScale')}
          </Button>
        )}
        {weight && batches && batches.length > 0 && <BatchSourceNote source={batchSource(batches, readNumber(quantity), inCart)} />}
        {weight && leftToday !== null && leftToday !== undefined && (
          <Alert type={leftToday > inCart ? 'info' : 'warning'} showIcon message={t('pos.limits.mayStillGive', { grams: formatNumber(Math.max(0, leftToday - inCart)) })} data-testid="add-left" />
        )}
        {error && <Alert type="error" showIcon message={t(errorKeys[error])} data-testid="add-error" />}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/**
 * Which batch the grams will come from (clubs that grow): the first batch with its strain and THC,
 * "then #id" for each further batch the typed grams reach, and the grams past every batch. Shown
 * beside the fields as the grams are typed; it never takes the cursor.
 */
function BatchSourceNote({ source }: { source: ReturnType<typeof batchSource> }) {
  const { t } = useTranslation();
  const { shares, rest } = source;
  const several = shares.length + (rest > 0 ? 1 : 0) > 1;
  const part = (s: BatchShare) => (
    <>
      <span className={styles.batchStrain}>{s.strain}</span>
      {s.thc !== null && <span className={styles.batchThc}>{t('pos.batch.thc', { thc: formatNumber(s.thc, 2) })}</span>}
      {several && <span className={styles.batchGrams}>{t('pos.batch.grams', { grams: formatNumber(s.grams) })}</span>}
    </>
  );
  return (
    <div className={styles.batchSource} role="status" aria-label={t('pos.batch.label')} data-testid="add-batch">
      <ExperimentOutlined className={styles.batchIcon} aria-hidden="true" />
      <ul className={styles.batchParts}>
        {shares.length === 0 && <li data-testid="add-batch-none">{t('pos.batch.none')}</li>}
        {shares.map((s, i) => (
          <li key={s.batch} data-testid={i === 0 ? 'add-batch-first' : 'add-batch-then'}>
            <strong>{i === 0 ? t('pos.batch.from', { id: s.batch }) : t('pos.batch.then', { id: s.batch })}</strong>
            {part(s)}
          </li>
        ))}
        {rest > 0 && shares.length > 0 && (
          <li className={styles.batchRest} data-testid="add-batch-rest">
            {t('pos.batch.rest', { grams: formatNumber(rest) })}
          </li>
        )}
      </ul>
    </div>
  );
}
