import { UsbOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import type { Product } from '../api';
import { checkAdd, priceOf, quantityOf, readNumber, type AddError } from '../model';
import styles from '../pos.module.css';

interface Props {
  product: Product | null;
  /** Grams or units of the product already in the cart. */
  inCart: number;
  hasMember: boolean;
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
 * The add-to-order dialog (spec part 1 §5): quantity and price track each other; weight products
 * focus the price first and are the only ones whose price can be typed.
 */
export function AddToOrderModal({ product, inCart, hasMember, onAdd, onClose }: Props) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<AddError | null>(null);
  const priceRef = useRef<InputRef>(null);
  const qtyRef = useRef<InputRef>(null);
  const weight = product?.type === 'peso';
  const unit = product?.precio ?? 0;

  useEffect(() => {
    if (!product) return;
    setQuantity(weight ? '' : '1');
    setPrice(weight ? '' : priceOf(unit, 1).toFixed(2));
    setError(null);
    // after the dialog has taken the focus on opening; but never away from a field the person is
    // already typing in (on a slow counter PC the 50 ms can come after the first keystrokes)
    const id = setTimeout(() => {
      const fields = [priceRef.current?.input, qtyRef.current?.input];
      if (fields.includes(document.activeElement as HTMLInputElement)) return;
      (weight ? priceRef.current : qtyRef.current)?.focus({ cursor: 'all' });
    }, 50);
    return () => clearTimeout(id);
  }, [product, weight, unit]);

  const typeQuantity = (v: string) => {
    setQuantity(v);
    setError(null);
    // the other field follows a number; text that is not one leaves it as it was
    const q = readNumber(v);
    if (q !== null) setPrice(priceOf(unit, q).toFixed(2));
    else if (v.trim() === '') setPrice('');
  };
  const typePrice = (v: string) => {
    setPrice(v);
    setError(null);
    const p = readNumber(v);
    if (p !== null) setQuantity(quantityOf(unit, p).toFixed(3));
    else if (v.trim() === '') setQuantity('');
  };

  const submit = () => {
    if (!product) return;
    const e = checkAdd({ member: hasMember, quantity, price, stock: product.stock, unlimited: product.unlimited_stock, inCart });
    setError(e);
    if (!e) onAdd(readNumber(quantity)!);
  };

  const scale = async () => {
    try {
      const line = await readScale();
      if (line !== null) typeQuantity(String(readNumber(line)));
    } catch {
      setError('notNumeric');
    }
  };

  return (
    <Modal
      open={!!product}
      title={product?.titulo}
      onCancel={onClose}
      onOk={submit}
      okText={t('pos.add.add')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'add-confirm' }}
    >
      <Form layout="vertical" onFinish={submit} className={styles.addForm}>
        <p className={styles.muted} data-testid="add-unit-price">
          {weight ? t('pos.add.perGram', { price: formatMoney(unit) }) : t('pos.add.perUnit', { price: formatMoney(unit) })}
          {' · '}
          {product?.unlimited_stock ? t('pos.product.unlimited') : t('pos.product.stock', { stock: product?.stock ?? 0, unit: weight ? 'g' : '' })}
        </p>
        <div className={styles.addFields}>
          {weight && (
            <Form.Item label={t('pos.add.price')} htmlFor="add-price">
              <Input
                id="add-price"
                ref={priceRef}
                inputMode="decimal"
                value={price}
                onChange={(e) => typePrice(e.target.value)}
                onPressEnter={submit}
                suffix="€"
                data-testid="add-price"
              />
            </Form.Item>
          )}
          <Form.Item label={weight ? t('pos.add.grams') : t('pos.add.units')} htmlFor="add-quantity">
            <Input
              id="add-quantity"
              ref={qtyRef}
              inputMode="decimal"
              value={quantity}
              onChange={(e) => typeQuantity(e.target.value)}
              onPressEnter={submit}
              suffix={weight ? 'g' : undefined}
              data-testid="add-quantity"
            />
          </Form.Item>
          {!weight && (
            <Form.Item label={t('pos.add.price')} htmlFor="add-price">
              <Input id="add-price" value={price} readOnly suffix="€" data-testid="add-price" />
            </Form.Item>
          )}
        </div>
        {weight && serial() && (
          <Button icon={<UsbOutlined />} onClick={() => void scale()} data-testid="add-scale">
            {t('pos.add.readScale')}
          </Button>
        )}
        {error && <Alert type="error" showIcon message={t(errorKeys[error])} data-testid="add-error" />}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
