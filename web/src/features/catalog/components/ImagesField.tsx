import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Image, Upload } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import images from '../../../shared/ui/images.module.css';
import { readAsDataUrl } from '../api';
import { imageProblem, MAX_IMAGES, type ImageItem } from '../model';
import styles from '../catalog.module.css';
import { useApp } from '../../../shared/ui/useApp';

interface Props {
  value?: ImageItem[];
  onChange?: (v: ImageItem[]) => void;
  id?: string;
}

let seq = 0;

/**
 * The product's images (a form control): picked files become base64 data URLs, stored images
 * stay as their URLs; at most 8, each at most 5 MB. A preview opens on click; the first is the main one.
 */
export function ImagesField({ value = [], onChange, id }: Props) {
  const { t } = useTranslation();
  const { message } = useApp();
  // Several files picked at once arrive one by one: each addition builds on the latest list.
  const latest = useRef(value);
  latest.current = value;

  const add = async (file: File) => {
    const problem = imageProblem(file, latest.current.length);
    if (problem) {
      const text =
        problem === 'tooMany'
          ? t('catalog.form.tooManyImages')
          : problem === 'tooLarge'
            ? t('catalog.form.imageTooLarge', { name: file.name })
            : t('catalog.form.imageNotImage', { name: file.name });
      message.warning({ content: text, key: `image-${problem}`, duration: 4 });
      return;
    }
    const url = await readAsDataUrl(file);
    if (latest.current.length >= MAX_IMAGES) return;
    const next = [...latest.current, { key: `new-${++seq}`, src: url, preview: url }];
    latest.current = next;
    onChange?.(next);
  };

  const remove = (key: string) => {
    const next = latest.current.filter((i) => i.key !== key);
    latest.current = next;
    onChange?.(next);
  };

  return (
    <div className={styles.images} id={id} data-testid="f-images">
      <Image.PreviewGroup>
        {value.map((img, i) => (
          <div key={img.key} className={styles.imageTile} data-testid="image-tile">
            <Image src={img.preview} alt={t('catalog.form.imageN', { n: i + 1 })} width="100%" height="100%" className={styles.imageImg} preview={{ src: img.src }} />
            {i === 0 && <span className={`${images.imageCover} ${styles.imageMain}`}>{t('catalog.form.mainImage')}</span>}
            <button
              type="button"
              className={styles.imageRemove}
              onClick={() => remove(img.key)}
              aria-label={t('catalog.form.removeImage')}
              title={t('catalog.form.removeImage')}
              data-testid="image-remove"
            >
              <DeleteOutlined />
            </button>
          </div>
        ))}
      </Image.PreviewGroup>
      {value.length < MAX_IMAGES && (
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return Upload.LIST_IGNORE;
          }}
          className={styles.imageAdd}
        >
          <button type="button" className={styles.imageAddButton} data-testid="image-add">
            <PlusOutlined />
            <span>{t('catalog.form.addImage')}</span>
          </button>
        </Upload>
      )}
    </div>
  );
}
