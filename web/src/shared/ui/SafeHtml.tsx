import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './ui.module.css';

interface Props {
  html: string | null | undefined;
  className?: string;
}

/** Renders HTML from the server after DOMPurify removed scripts, handlers and other active content. */
export function SafeHtml({ html, className }: Props) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html ?? '', {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
        ADD_ATTR: ['target'],
      }),
    [html],
  );
  return <div className={`${styles.richText} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export default SafeHtml;
