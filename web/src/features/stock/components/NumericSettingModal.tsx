import { App, Form, InputNumber, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, shownLocally, useClubSetting } from '../../../shared/api';
import { decimalSeparator } from '../../../shared/format';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { stockErrorText } from '../errors';
import { formatQuantity } from '../format';
import { milliText, toMilli } from '../quantity';
import styles from '../stock.module.css';
import { StockSheet } from './StockSheet';

export type NumericSetting = 'weight_discrepancy' | 'consumptionforecast' | 'stock_alert';

interface Config {
  /** i18n prefix: stock.settings.<key>.{title,lead,label,help,saved} */
  key: 'weight' | 'forecast' | 'alert';
  unitKey: string;
  max?: number;
  /** Decimals the server keeps. */
  precision: number;
  testId: string;
}

const CONFIG: Record<NumericSetting, Config> = {
  weight_discrepancy: { key: 'weight', unitKey: 'stock.units.percent', max: 100, precision: 2, testId: 'weight-dialog' },
  consumptionforecast: { key: 'forecast', unitKey: 'stock.units.gramsMonth', precision: 3, testId: 'forecast-dialog' },
  // the today screen's low stock: a product with this stock or less
  stock_alert: { key: 'alert', unitKey: 'stock.units.gramsOrUnits', precision: 3, testId: 'alert-dialog' },
};

/**
 * A setting dialog holding one number (spec part 2 §4: no record → a save creates one, else it
 * updates the first): the allowed weight discrepancy in percent (0–100), or the consumption
 * forecast in grams a month (≥ 0), or the stock alert level in grams or units (≥ 0).
 */
export function NumericSettingModal({
  open,
  setting,
  onClose,
  afterClose,
  children,
}: DialogProps & {
  setting: NumericSetting;
  /** Further settings of the same dialog, below the number. */
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const c = CONFIG[setting];
  const s = useClubSetting(setting);
  const [form] = Form.useForm<{ value: string | null }>();
  const current = s.value !== undefined ? toMilli(s.value) : null;
  const unit = t(c.unitKey);

  useEffect(() => {
    if (!s.isPending) form.setFieldsValue({ value: current !== null ? milliText(current) : null });
  }, [s.isPending, current, form]);

  const submit = ({ value }: { value: string | null }) => {
    const typed = toMilli(value);
    if (typed === null) return;
    // the percentage keeps two decimals, the forecast three
    const step = 10 ** (3 - c.precision);
    const milli = Math.round(typed / step) * step;
    s.save(milliText(milli)).then(
      () => {
        message.success(t(`stock.settings.${c.key}.saved`, { value: `${formatQuantity(milli)} ${unit}` }), 3);
        onClose();
      },
      (e: unknown) => {
        if (!shownLocally(e)) return;
        const text = isApiError(e) && e.code === 'category.number_invalid' ? t(`stock.settings.${c.key}.range`) : stockErrorText(e, t, i18n);
        form.setFields([{ name: 'value', errors: [text] }]);
        form.focusField('value');
      },
    );
  };

  const range = (v: string | null) => {
    const m = toMilli(v);
    if (m === null) return Promise.reject(new Error(t('stock.validation.required')));
    if (m < 0 || (c.max !== undefined && m > c.max * 1000)) return Promise.reject(new Error(t(`stock.settings.${c.key}.range`)));
    return Promise.resolve();
  };

  return (
    <StockSheet
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      width={480}
      title={t(`stock.settings.${c.key}.title`)}
      testId={c.testId}
      lead={t(`stock.settings.${c.key}.lead`)}
      save={{ text: t('stock.common.save'), testId: 'setting-save', loading: s.saving, disabled: s.isPending, onClick: () => form.submit() }}
    >
      {s.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <>
          <div className={styles.settingValue} data-testid="setting-current">
            {current !== null ? (
              <>
                {t('stock.settings.current')} <strong>{`${formatQuantity(current)} ${unit}`}</strong>
              </>
            ) : (
              t('stock.settings.notSet')
            )}
          </div>
          <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
            <Form.Item
              name="value"
              label={t(`stock.settings.${c.key}.label`)}
              extra={t(`stock.settings.${c.key}.help`)}
              rules={[{ validator: (_, v: string | null) => range(v) }]}
            >
              <InputNumber<string>
                size="large"
                stringMode
                min="0"
                step="1"
                decimalSeparator={decimalSeparator()}
                suffix={unit}
                autoFocus
                className={styles.settingInput}
                onPressEnter={() => form.submit()}
                data-testid="setting-value"
              />
            </Form.Item>
          </Form>
          {children}
        </>
      )}
    </StockSheet>
  );
}
