import './i18n';
import { DeleteOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { App, Button, Tooltip, Upload } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageError, prepareImage } from './images';
import styles from './images.module.css';

/** Pictures a form takes unless it says otherwise. */
export const MAX_IMAGES = 8;

interface Props {
  /** Data URLs (new) and /api/files/… addresses (kept), the first is the cover. */
  value?: string[];
  onChange?: (v: string[]) => void;
  max?: number;
}

/** Several pictures: pick or drop files (read as base64), preview, remove, choose the cover. */
export function ImagesField({ value = [], onChange, max = MAX_IMAGES }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // Files of one pick arrive one by one: collect them and add them together, in order.
  const batch = useRef<{ files: File[]; timer: ReturnType<typeof setTimeout> | null }>({ files: [], timer: null });
  const current = useRef(value);
  current.current = value;

  const addFiles = async (files: File[]) => {
    const room = max - current.current.length;
    const accepted = files.slice(0, Math.max(0, room));
    const skipped = files.length - accepted.length;
    const added: string[] = [];
    for (const f of accepted) {
      try {
        added.push(await prepareImage(f));
      } catch (e) {
        const reason = e instanceof ImageError ? e.reason : 'notImage';
        message.error(
          reason === 'tooLarge'
            ? t('images.imageTooLarge', { name: f.name })
            : t('images.notImage', { name: f.name }),
          5,
        );
      }
    }
    if (skipped > 0) message.warning(t('images.tooManyImages', { max, count: skipped }), 4);
    if (added.length > 0) onChange?.([...current.current, ...added].slice(0, max));
  };

  const queue = (file: File) => {
    const b = batch.current;
    b.files.push(file);
    if (b.timer) clearTimeout(b.timer);
    b.timer = setTimeout(() => {
      const files = b.files;
      b.files = [];
      b.timer = null;
      void addFiles(files);
    }, 0);
  };

  const remove = (i: number) => onChange?.(value.filter((_, j) => j !== i));
  const makeCover = (i: number) => onChange?.([value[i], ...value.filter((_, j) => j !== i)]);

  return (
    <div className={styles.images} data-testid="images-field">
      {value.map((src, i) => (
        <div className={styles.imageTile} key={`${i}-${src.slice(-24)}`} data-testid={`image-${i}`}>
          <img src={src} alt={t('images.imageN', { n: i + 1 })} />
          {i === 0 && value.length > 1 && <span className={styles.imageCover}>{t('images.cover')}</span>}
          <div className={styles.imageTools}>
            {i > 0 && (
              <Tooltip title={t('images.makeCover')}>
                <Button
                  size="small"
                  shape="circle"
                  className={styles.imageTool}
                  icon={<StarOutlined />}
                  aria-label={t('images.makeCover')}
                  onClick={() => makeCover(i)}
                  data-testid={`image-cover-${i}`}
                />
              </Tooltip>
            )}
            <Tooltip title={t('images.removeImage', { n: i + 1 })}>
              <Button
                size="small"
                shape="circle"
                danger
                className={styles.imageTool}
                icon={<DeleteOutlined />}
                aria-label={t('images.removeImage', { n: i + 1 })}
                onClick={() => remove(i)}
                data-testid={`image-remove-${i}`}
              />
            </Tooltip>
          </div>
        </div>
      ))}
      {value.length < max && (
        <Upload
          className={styles.uploadWrap}
          accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            queue(file);
            return false;
          }}
          data-testid="images-upload"
        >
          <button type="button" className={styles.addTile} data-testid="images-add">
            <PlusOutlined className={styles.addTileIcon} />
            <span>{t('images.addImage')}</span>
          </button>
        </Upload>
      )}
    </div>
  );
}
