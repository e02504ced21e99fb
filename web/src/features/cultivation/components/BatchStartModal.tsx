import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormSheet } from '../../../shared/ui/FormSheet';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { useApp } from '../../../shared/ui/useApp';
import { useStartBatch, type Strain } from '../api';
import styles from '../cultivation.module.css';
import { AmountField, afterToday, clubToday, DayField, instantOf, useRefusal } from './forms';

interface Values {
  strain?: number;
  room?: string;
  started: Dayjs;
  plants?: number | null;
}

const FIELDS = ['strain', 'room', 'started', 'plants'] as const;

/** Starts a batch: its strain, the room it grows in, the day it started and its plants; then opens it. */
export function BatchStartModal({ open, onClose, afterClose, strains, rooms }: DialogProps & { strains: Strain[]; rooms: string[] }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const start = useStartBatch();
  // the server names a future start "date"
  const refusal = useRefusal(form, FIELDS, { date: 'started' });

  const submit = (v: Values) => {
    refusal.clear();
    start.mutate(
      { strain: v.strain!, room: v.room?.trim() || undefined, started: instantOf(v.started), plants: v.plants! },
      {
        onSuccess: (b) => {
          message.success({ content: t('cultivation.batches.started', { id: b.id, strain: b.strain_name }), key: 'batch-started', duration: 3 });
          onClose();
          navigate(`/batch/${b.id}`);
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
      title={t('cultivation.batches.newTitle')}
      lead={t('cultivation.batches.newLead')}
      error={refusal.error}
      submitText={t('cultivation.batches.start')}
      loading={start.isPending}
      onSubmit={() => form.submit()}
      testId="batch-form"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ started: clubToday() }}>
        <Form.Item name="strain" label={t('cultivation.batches.strain')} rules={[{ required: true, message: t('cultivation.intake.strainRequired') }]}>
          <Select
            size="large"
            autoFocus
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('cultivation.intake.strainPlaceholder')}
            options={strains.map((s) => ({ value: s.id, label: s.name }))}
            data-testid="batch-strain"
          />
        </Form.Item>
        <Form.Item name="room" label={t('cultivation.batches.room')} extra={t('cultivation.batches.roomHint')}>
          <Input size="large" maxLength={80} list="cultivation-rooms" autoComplete="off" data-testid="batch-room" />
        </Form.Item>
        <datalist id="cultivation-rooms">
          {rooms.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        <div className={styles.pair}>
          <Form.Item name="started" label={t('cultivation.batches.startedOn')}>
            <DayField size="large" disabledDate={afterToday} data-testid="batch-started" />
          </Form.Item>
          <Form.Item name="plants" label={t('cultivation.batches.plants')} rules={[{ required: true, message: t('cultivation.batches.plantsRequired') }]}>
            <AmountField unit="plants" size="large" min={1} max={1_000_000} data-testid="batch-plants" />
          </Form.Item>
        </div>
      </Form>
    </FormSheet>
  );
}
