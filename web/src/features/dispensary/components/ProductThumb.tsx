import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import styles from '../dispensary.module.css';

interface Props {
  src?: string | null;
  alt: string;
  size?: number;
}

/** A product's square thumbnail (tables), or a soft placeholder when it has none or it fails to load. */
export function ProductThumb({ src, alt, size = 44 }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = !!src && failed !== src;
  return (
    <span className={styles.thumb} style={{ width: size, height: size }}>
      {show ? (
        <img src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(src)} />
      ) : (
        <PictureOutlined className={styles.thumbIcon} aria-label={alt} />
      )}
    </span>
  );
}
