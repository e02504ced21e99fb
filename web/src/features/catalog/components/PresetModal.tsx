import { ExperimentOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Empty, Input, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import cells from '../../../shared/ui/cells.module.css';
import { SheetModal } from '../../../shared/ui/SheetModal';
import layout from '../../../shared/ui/layout.module.css';
import { usePresets } from '../api';
import { catalogErrorText } from '../errors';
import { filterPresets, type Preset } from '../model';
import styles from '../catalog.module.css';
import { DominanceTag } from './bits';

interface Props {
  open: boolean;
  onClose: () => void;
  onChoose: (p: Preset) => void;
}

/**
 * The varieties repository (spec §2): the preset varieties as cards (picture, title, dominance,
 * THC flag) with a filter box; choosing one fills the product form.
 */
export function PresetModal({ open, onClose, onChoose }: Props) {
  const { t, i18n } = useTranslation();
  const presets = usePresets(open);
  const [text, setText] = useState('');
  const shown = useMemo(() => filterPresets(presets.data ?? [], text), [presets.data, text]);

  return (
    <SheetModal
      width={920}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      keyboard
      afterOpenChange={(v) => !v && setText('')}
      title={
        <span className={styles.modalTitle}>
          <ExperimentOutlined /> {t('catalog.presets.title')}
        </span>
      }
      data-testid="presets-modal"
    >
      <p className={layout.modalLead}>{t('catalog.presets.lead')}</p>
      <div className={styles.presetBar}>
        <Input
          size="large"
          allowClear
          autoFocus
          prefix={<SearchOutlined className={cells.muted} />}
          placeholder={t('catalog.presets.filter')}
          aria-label={t('catalog.presets.filter')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => shown.length === 1 && onChoose(shown[0])}
          data-testid="presets-filter"
        />
        {presets.data && <span className={styles.presetCount}>{t('catalog.presets.count', { count: shown.length })}</span>}
      </div>
      {presets.isError && <Alert type="error" showIcon title={catalogErrorText(presets.error, t, i18n)} />}
      {presets.isPending ? (
        <div className={styles.presetGrid}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton.Node key={i} active className={styles.presetSkeleton} />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <Empty className={layout.empty} description={t('catalog.presets.empty', { text: text.trim() })} data-testid="presets-empty" />
      ) : (
        <ul className={styles.presetGrid} data-testid="presets-list">
          {shown.map((p) => (
            <li key={p.slug}>
              <button
                type="button"
                className={styles.presetCard}
                onClick={() => onChoose(p)}
                data-testid={`preset-${p.slug}`}
              >
                <span className={styles.presetImage}>
                  {p.images?.[0] ? <img src={p.images[0].thumb || p.images[0].img} alt="" loading="lazy" /> : <ExperimentOutlined />}
                </span>
                <span className={styles.presetTitle}>{p.title}</span>
                <span className={styles.presetTags}>
                  <DominanceTag dominance={p.dominance} />
                  {p.thc ? (
                    <Tag bordered={false} color="magenta" className={cells.tag}>
                      {t('catalog.presets.thc')}
                    </Tag>
                  ) : (
                    <Tag bordered={false} className={cells.tagMuted}>
                      {t('catalog.presets.noThc')}
                    </Tag>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </SheetModal>
  );
}
