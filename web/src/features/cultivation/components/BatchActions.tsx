import { Form, Input, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSheet } from '../../../shared/ui/FormSheet';
import { useDebounced } from '../../../shared/ui/useDebounced';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { useApp } from '../../../shared/ui/useApp';
import { useBatchAction, useReleaseProducts, type BatchDetail } from '../api';
import styles from '../cultivation.module.css';
import { gramsText } from './bits';
import { AmountField, afterToday, clubToday, DayField, instantOf, rounded, useRefusal } from './forms';

export type BatchDialog = 'harvest' | 'lab' | 'destroy' | 'release';

type Props = DialogProps & { batch: BatchDetail };

/** The dialog of one of the batch's actions. */
export function BatchActionDialog({ kind, ...props }: Props & { kind: BatchDialog }) {
  switch (kind) {
    case 'harvest':
      return <HarvestDialog {...props} />;
    case 'lab':
      return <LabDialog {...props} />;
    case 'destroy':
      return <DestroyDialog {...props} />;
    case 'release':
      return <ReleaseDialog {...props} />;
  }
}

/** The toast after an action, and closing the dialog. */
function useDone(onClose: () => void) {
  const { message } = useApp();
  return (text: string) => {
    message.success({ content: text, key: 'batch-action', duration: 3 });
    onClose();
  };
}

interface HarvestValues {
  wet_g?: number | null;
  dry_g?: number | null;
  harvested_at: Dayjs;
  best_before?: Dayjs;
}

/** The harvest, once: wet and dry grams, the day, and the day it is best used before. */
function HarvestDialog({ open, onClose, afterClose, batch }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HarvestValues>();
  const act = useBatchAction(batch.id);
  const refusal = useRefusal(form, ['wet_g', 'dry_g', 'harvested_at', 'best_before']);
  const done = useDone(onClose);
  const harvestDay = Form.useWatch('harvested_at', form);
  const submit = (v: HarvestValues) => {
    refusal.clear();
    act.mutate(
      { kind: 'harvest', wet_g: rounded(v.wet_g, 3), dry_g: rounded(v.dry_g, 3)!, harvested_at: instantOf(v.harvested_at), best_before: instantOf(v.best_before!) },
      { onSuccess: (b) => done(t('cultivation.batch.harvested', { grams: gramsText(b.dry_g) })), onError: refusal.show },
    );
  };
  const dryNotAboveWet = {
    validator: () => {
      const wet = form.getFieldValue('wet_g') as number | null | undefined;
      const dry = form.getFieldValue('dry_g') as number | null | undefined;
      return wet && dry && wet < dry ? Promise.reject(new Error(t('cultivation.batch.wetBelowDry'))) : Promise.resolve();
    },
  };
  return (
    <FormSheet
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={t('cultivation.batch.harvestTitle', { id: batch.id })}
      lead={t('cultivation.batch.harvestLead')}
      error={refusal.error}
      submitText={t('cultivation.batch.harvest')}
      loading={act.isPending}
      onSubmit={() => form.submit()}
      testId="harvest-form"
    >
      <Form<HarvestValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ harvested_at: clubToday() }}>
        <div className={styles.pair}>
          <Form.Item name="wet_g" label={t('cultivation.batch.wet')} dependencies={['dry_g']} rules={[dryNotAboveWet]}>
            <AmountField unit="g" size="large" autoFocus data-testid="harvest-wet" />
          </Form.Item>
          <Form.Item
            name="dry_g"
            label={t('cultivation.batch.dry')}
            rules={[{ required: true, message: t('cultivation.batch.dryRequired') }, { type: 'number', min: 0.001, message: t('cultivation.batch.dryRequired') }]}
          >
            <AmountField unit="g" size="large" data-testid="harvest-dry" />
          </Form.Item>
          <Form.Item name="harvested_at" label={t('cultivation.batch.harvestDate')}>
            <DayField size="large" disabledDate={afterToday} data-testid="harvest-date" />
          </Form.Item>
          <Form.Item name="best_before" label={t('cultivation.batch.bestBefore')} rules={[{ required: true, message: t('cultivation.batch.bestBeforeRequired') }]}>
            <DayField size="large" disabledDate={(d) => !!harvestDay && !d.isAfter(harvestDay, 'day')} data-testid="harvest-best-before" />
          </Form.Item>
        </div>
      </Form>
    </FormSheet>
  );
}

interface LabValues {
  thc_percent?: number | null;
  cbd_percent?: number | null;
  lab?: string;
  sampled_at: Dayjs;
  passed: boolean;
}

/** A lab result: THC and CBD, the lab, the day sampled, passed or failed (a passed one sets the batch's figures). */
function LabDialog({ open, onClose, afterClose, batch }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LabValues>();
  const act = useBatchAction(batch.id);
  const refusal = useRefusal(form, ['thc_percent', 'cbd_percent', 'lab', 'sampled_at', 'passed']);
  const done = useDone(onClose);
  const submit = (v: LabValues) => {
    refusal.clear();
    act.mutate(
      { kind: 'lab', thc_percent: rounded(v.thc_percent, 2)!, cbd_percent: rounded(v.cbd_percent, 2), lab: v.lab!.trim(), sampled_at: instantOf(v.sampled_at), passed: v.passed },
      { onSuccess: () => done(t(v.passed ? 'cultivation.batch.labPassed' : 'cultivation.batch.labFailed')), onError: refusal.show },
    );
  };
  return (
    <FormSheet
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={t('cultivation.batch.labTitle', { id: batch.id })}
      lead={t('cultivation.batch.labLead')}
      error={refusal.error}
      submitText={t('cultivation.batch.labSave')}
      loading={act.isPending}
      onSubmit={() => form.submit()}
      testId="lab-form"
    >
      <Form<LabValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ sampled_at: clubToday(), passed: true }}>
        <div className={styles.pair}>
          <Form.Item name="thc_percent" label={t('cultivation.batch.thc')} rules={[{ required: true, message: t('cultivation.batch.thcRequired') }]}>
            <AmountField unit="%" size="large" autoFocus data-testid="lab-thc" />
          </Form.Item>
          <Form.Item name="cbd_percent" label={t('cultivation.batch.cbd')}>
            <AmountField unit="%" size="large" data-testid="lab-cbd" />
          </Form.Item>
        </div>
        <Form.Item name="lab" label={t('cultivation.batch.lab')} rules={[{ required: true, whitespace: true, message: t('cultivation.batch.labRequired') }]}>
          <Input size="large" maxLength={200} data-testid="lab-name" />
        </Form.Item>
        <div className={styles.pair}>
          <Form.Item name="sampled_at" label={t('cultivation.batch.sampled')}>
            <DayField size="large" disabledDate={afterToday} data-testid="lab-sampled" />
          </Form.Item>
          <Form.Item name="passed" label={t('cultivation.batch.result')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              size="large"
              options={[
                { value: true, label: t('cultivation.batch.passed') },
                { value: false, label: t('cultivation.batch.failed') },
              ]}
              data-testid="lab-passed"
            />
          </Form.Item>
        </div>
      </Form>
    </FormSheet>
  );
}

interface DestroyValues {
  what: 'grams' | 'plants';
  from: number; // 0: the batch; else the product whose stock the grams leave
  grams?: number | null;
  plants?: number | null;
  reason?: string;
  witness?: string;
}

/** A destruction: grams (from the batch, or from a product's stock) or plants, why, and who saw it. */
function DestroyDialog({ open, onClose, afterClose, batch }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DestroyValues>();
  const act = useBatchAction(batch.id);
  const refusal = useRefusal(form, ['grams', 'plants', 'from', 'reason', 'witness'], { pid: 'from' });
  const done = useDone(onClose);
  const harvested = batch.harvested_at !== null;
  const what = Form.useWatch('what', form) ?? (harvested ? 'grams' : 'plants');
  const from = Form.useWatch('from', form) ?? 0;
  const products = batch.products ?? [];
  const submit = (v: DestroyValues) => {
    refusal.clear();
    const amount = v.what === 'grams' ? { grams: rounded(v.grams, 3), ...(v.from ? { pid: v.from } : {}) } : { plants: v.plants ?? undefined };
    act.mutate(
      { kind: 'destroy', ...amount, reason: v.reason!.trim(), witness: v.witness?.trim() || undefined },
      {
        onSuccess: () =>
          done(v.what === 'grams' ? t('cultivation.batch.destroyedGrams', { grams: gramsText(v.grams) }) : t('cultivation.batch.destroyedPlants', { count: v.plants ?? 0 })),
        onError: refusal.show,
      },
    );
  };
  const left = from ? (products.find((p) => p.pid === from)?.grams ?? 0) : batch.held_g;
  return (
    <FormSheet
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={t('cultivation.batch.destroyTitle', { id: batch.id })}
      lead={t('cultivation.batch.destroyLead')}
      error={refusal.error}
      submitText={t('cultivation.batch.destroy')}
      submitDanger
      loading={act.isPending}
      onSubmit={() => form.submit()}
      testId="destroy-form"
    >
      <Form<DestroyValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ what: harvested ? 'grams' : 'plants', from: 0 }}>
        <Form.Item name="what" label={t('cultivation.batch.destroyWhat')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="large"
            options={[
              { value: 'grams', label: t('cultivation.batch.grams'), disabled: !harvested && products.length === 0 },
              { value: 'plants', label: t('cultivation.batch.plantsWord'), disabled: batch.plants === 0 },
            ]}
            data-testid="destroy-what"
          />
        </Form.Item>
        {what === 'grams' ? (
          <>
            <Form.Item name="from" label={t('cultivation.batch.destroyFrom')}>
              <Select
                size="large"
                options={[
                  { value: 0, label: t('cultivation.batch.fromBatch', { grams: gramsText(batch.held_g) }) },
                  ...products.map((p) => ({ value: p.pid, label: t('cultivation.batch.fromProduct', { product: p.title, grams: gramsText(p.grams) }) })),
                ]}
                data-testid="destroy-from"
              />
            </Form.Item>
            <Form.Item
              name="grams"
              label={t('cultivation.batch.grams')}
              extra={t('cultivation.batch.upTo', { grams: gramsText(left) })}
              rules={[{ required: true, message: t('cultivation.batch.gramsRequired') }, { type: 'number', min: 0.001, message: t('cultivation.batch.gramsRequired') }]}
            >
              <AmountField unit="g" size="large" autoFocus data-testid="destroy-grams" />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="plants"
            label={t('cultivation.batch.plantsWord')}
            extra={t('cultivation.batch.plantsLeft', { count: batch.plants })}
            rules={[{ required: true, message: t('cultivation.batch.plantsRequired') }, { type: 'number', min: 1, max: batch.plants, message: t('cultivation.batch.plantsLeft', { count: batch.plants }) }]}
          >
            <AmountField unit="plants" size="large" min={1} autoFocus data-testid="destroy-plants" />
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('cultivation.batch.reason')} rules={[{ required: true, whitespace: true, message: t('cultivation.batch.reasonRequired') }]}>
          <Input size="large" maxLength={500} placeholder={t('cultivation.batch.reasonHint')} data-testid="destroy-reason" />
        </Form.Item>
        <Form.Item name="witness" label={t('cultivation.batch.witness')} extra={t('cultivation.batch.witnessHint')}>
          <Input size="large" maxLength={120} data-testid="destroy-witness" />
        </Form.Item>
      </Form>
    </FormSheet>
  );
}

interface ReleaseValues {
  pid?: number;
  grams?: number | null;
}

/** Releases dry grams of the batch into a product's stock (a product sold by weight, with its stock counted). */
function ReleaseDialog({ open, onClose, afterClose, batch }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReleaseValues>();
  const act = useBatchAction(batch.id);
  const refusal = useRefusal(form, ['pid', 'grams']);
  const done = useDone(onClose);
  const [text, setText] = useState('');
  const search = useDebounced(text, 250);
  const products = useReleaseProducts(search);
  // the product chosen stays a choice whatever is searched next
  const [picked, setPicked] = useState<{ pid: number; titulo: string; stock: number } | null>(null);
  const found = products.data ?? [];
  const choices = picked && !found.some((p) => p.pid === picked.pid) ? [picked, ...found] : found;
  const submit = (v: ReleaseValues) => {
    refusal.clear();
    act.mutate(
      { kind: 'release', pid: v.pid!, grams: rounded(v.grams, 3)! },
      {
        onSuccess: (b) => {
          const title = b.products?.find((p) => p.pid === v.pid)?.title ?? '';
          done(t('cultivation.batch.released', { grams: gramsText(v.grams), product: title }));
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
      title={t('cultivation.batch.releaseTitle', { id: batch.id })}
      lead={t('cultivation.batch.releaseLead', { grams: gramsText(batch.held_g) })}
      error={refusal.error}
      submitText={t('cultivation.batch.release')}
      loading={act.isPending}
      onSubmit={() => form.submit()}
      testId="release-form"
    >
      <Form<ReleaseValues> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="pid" label={t('cultivation.batch.product')} extra={t('cultivation.batch.productHint')} rules={[{ required: true, message: t('cultivation.batch.productRequired') }]}>
          <Select
            size="large"
            autoFocus
            showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
            loading={products.isFetching}
            placeholder={t('cultivation.batch.productPlaceholder')}
            notFoundContent={products.isFetching ? t('cultivation.common.loading') : t('cultivation.batch.noProducts')}
            onChange={(pid: number) => {
              const p = choices.find((x) => x.pid === pid);
              if (p) setPicked({ pid: p.pid, titulo: p.titulo, stock: p.stock });
              setText('');
            }}
            options={choices.map((p) => ({
              value: p.pid,
              label: p.titulo,
              stock: p.stock,
            }))}
            optionRender={(o) => (
              <span className={styles.option}>
                <span>{o.label}</span>
                <span className={styles.optionNote}>{t('cultivation.batch.stockNow', { grams: gramsText(o.data.stock as number) })}</span>
              </span>
            )}
            data-testid="release-product"
          />
        </Form.Item>
        <Form.Item
          name="grams"
          label={t('cultivation.batch.grams')}
          extra={t('cultivation.batch.upTo', { grams: gramsText(batch.held_g) })}
          rules={[
            { required: true, message: t('cultivation.batch.gramsRequired') },
            { type: 'number', min: 0.001, message: t('cultivation.batch.gramsRequired') },
            { type: 'number', max: batch.held_g, message: t('cultivation.batch.upTo', { grams: gramsText(batch.held_g) }) },
          ]}
        >
          <AmountField unit="g" size="large" data-testid="release-grams" />
        </Form.Item>
      </Form>
    </FormSheet>
  );
}
