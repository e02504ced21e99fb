import { Form, Input, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormSheet } from '../../../shared/ui/FormSheet';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { useApp } from '../../../shared/ui/useApp';
import { useAddIntake, type Strain } from '../api';
import styles from '../cultivation.module.css';
import { AmountField, afterToday, clubToday, DayField, instantOf, useRefusal } from './forms';

interface Values {
  strain?: number;
  kind: 'seed' | 'cutting';
  count?: number | null;
  supplier?: string;
  supplier_address?: string;
  date: Dayjs;
}

const FIELDS = ['strain', 'kind', 'count', 'supplier', 'supplier_address', 'date'] as const;

/** Records seeds or cuttings taken in: which strain, how many, from whom (and where), on which day. */
export function IntakeModal({ open, onClose, afterClose, strains }: DialogProps & { strains: Strain[] }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddIntake();
  const refusal = useRefusal(form, FIELDS);

  const submit = (v: Values) => {
    refusal.clear();
    add.mutate(
      {
        strain: v.strain!,
        kind: v.kind,
        count: v.count!,
        supplier: v.supplier!.trim(),
        supplier_address: v.supplier_address?.trim() || undefined,
        date: instantOf(v.date),
      },
      {
        onSuccess: (it) => {
          message.success({ content: t(`cultivation.intake.recorded.${it.kind}`, { count: it.count, strain: it.strain_name }), key: 'intake-saved', duration: 3 });
          onClose();
        },
        onError: refusal.show,
      },
    );
  };

  return (
    <FormSheet
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={t('cultivation.intake.addTitle')}
      lead={t('cultivation.intake.formLead')}
      error={refusal.error}
      submitText={t('cultivation.intake.record')}
      loading={add.isPending}
      onSubmit={() => form.submit()}
      testId="intake-form"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ kind: 'seed', date: clubToday() }}>
        <Form.Item name="strain" label={t('cultivation.intake.strain')} rules={[{ required: true, message: t('cultivation.intake.strainRequired') }]}>
          <Select
            size="large"
            autoFocus
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('cultivation.intake.strainPlaceholder')}
            options={strains.map((s) => ({ value: s.id, label: s.name }))}
            data-testid="intake-strain"
          />
        </Form.Item>
        <div className={styles.pair}>
          <Form.Item name="kind" label={t('cultivation.intake.kind')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              size="large"
              options={[
                { value: 'seed', label: t('cultivation.intake.kinds.seed') },
                { value: 'cutting', label: t('cultivation.intake.kinds.cutting') },
              ]}
              data-testid="intake-kind"
            />
          </Form.Item>
          <Form.Item name="count" label={t('cultivation.intake.count')} rules={[{ required: true, message: t('cultivation.intake.countRequired') }]}>
            <AmountField unit="plants" size="large" min={1} max={1_000_000} suffix={undefined} data-testid="intake-count" />
          </Form.Item>
        </div>
        <Form.Item name="supplier" label={t('cultivation.intake.supplier')} rules={[{ required: true, whitespace: true, message: t('cultivation.intake.supplierRequired') }]}>
          <Input size="large" maxLength={200} data-testid="intake-supplier" />
        </Form.Item>
        <Form.Item name="supplier_address" label={t('cultivation.intake.address')} extra={t('cultivation.intake.addressHint')}>
          <Input size="large" maxLength={500} data-testid="intake-address" />
        </Form.Item>
        <Form.Item name="date" label={t('cultivation.intake.date')}>
          <DayField size="large" disabledDate={afterToday} data-testid="intake-date" />
        </Form.Item>
      </Form>
    </FormSheet>
  );
}
