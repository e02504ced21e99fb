import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormSheet } from '../../../shared/ui/FormSheet';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { useApp } from '../../../shared/ui/useApp';
import { useSaveStrain, type Strain } from '../api';
import styles from '../cultivation.module.css';
import { AmountField, rounded, useRefusal } from './forms';

interface Values {
  name: string;
  thc_min?: number | null;
  thc_max?: number | null;
  cbd_min?: number | null;
  cbd_max?: number | null;
  notes?: string;
}

const FIELDS = ['name', 'thc_min', 'thc_max', 'cbd_min', 'cbd_max', 'notes'] as const;

/** Adds a strain, or edits one: its name, the THC and CBD ranges it is known for, notes. */
export function StrainModal({ open, onClose, afterClose, strain }: DialogProps & { strain: Strain | null }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveStrain();
  const refusal = useRefusal(form, FIELDS);

  const submit = (v: Values) => {
    refusal.clear();
    save.mutate(
      {
        ...(strain ? { id: strain.id } : {}),
        name: v.name.trim(),
        thc_min: rounded(v.thc_min, 2),
        thc_max: rounded(v.thc_max, 2),
        cbd_min: rounded(v.cbd_min, 2),
        cbd_max: rounded(v.cbd_max, 2),
        notes: v.notes?.trim() ?? '',
      },
      {
        onSuccess: (s) => {
          message.success({ content: t(strain ? 'cultivation.strains.saved' : 'cultivation.strains.added', { name: s.name }), key: 'strain-saved', duration: 3 });
          onClose();
        },
        onError: refusal.show,
      },
    );
  };

  const range = (a: keyof Values, b: keyof Values, key: string) => ({
    validator: () => {
      const lo = form.getFieldValue(a) as number | null | undefined;
      const hi = form.getFieldValue(b) as number | null | undefined;
      return lo !== null && lo !== undefined && hi !== null && hi !== undefined && hi < lo ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });

  return (
    <FormSheet
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={t(strain ? 'cultivation.strains.editTitle' : 'cultivation.strains.addTitle')}
      lead={t('cultivation.strains.formLead')}
      error={refusal.error}
      submitText={t(strain ? 'cultivation.common.save' : 'cultivation.strains.add')}
      loading={save.isPending}
      onSubmit={() => form.submit()}
      testId="strain-form"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={
          strain
            ? { name: strain.name, thc_min: strain.thc_min, thc_max: strain.thc_max, cbd_min: strain.cbd_min, cbd_max: strain.cbd_max, notes: strain.notes }
            : {}
        }
      >
        <Form.Item name="name" label={t('cultivation.strains.name')} rules={[{ required: true, whitespace: true, message: t('cultivation.strains.nameRequired') }]}>
          <Input size="large" autoFocus maxLength={120} autoComplete="off" data-testid="strain-name" />
        </Form.Item>
        <div className={styles.pair}>
          <Form.Item name="thc_min" label={t('cultivation.strains.thcMin')}>
            <AmountField unit="%" size="large" data-testid="strain-thc-min" />
          </Form.Item>
          <Form.Item name="thc_max" label={t('cultivation.strains.thcMax')} dependencies={['thc_min']} rules={[range('thc_min', 'thc_max', 'cultivation.strains.thcRange')]}>
            <AmountField unit="%" size="large" data-testid="strain-thc-max" />
          </Form.Item>
          <Form.Item name="cbd_min" label={t('cultivation.strains.cbdMin')}>
            <AmountField unit="%" size="large" data-testid="strain-cbd-min" />
          </Form.Item>
          <Form.Item name="cbd_max" label={t('cultivation.strains.cbdMax')} dependencies={['cbd_min']} rules={[range('cbd_min', 'cbd_max', 'cultivation.strains.cbdRange')]}>
            <AmountField unit="%" size="large" data-testid="strain-cbd-max" />
          </Form.Item>
        </div>
        <Form.Item name="notes" label={t('cultivation.strains.notes')}>
          <Input.TextArea rows={3} maxLength={2000} placeholder={t('cultivation.strains.notesHint')} data-testid="strain-notes" />
        </Form.Item>
      </Form>
    </FormSheet>
  );
}
