import { Avatar } from 'antd';
import styles from './club.module.css';

function initials(title: string): string {
  return (
    title
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0])
      .join('')
      .toUpperCase() || '?'
  );
}

/** The club's logo, or its initials on the brand colour when it has none. */
export function ClubLogo({ title, src, size = 32 }: { title: string; src?: string | null; size?: number }) {
  return (
    <Avatar
      size={size}
      src={src || undefined}
      alt=""
      shape="square"
      className={`${styles.logo} ${src ? styles.logoImage : styles.logoFallback}`}
    >
      {initials(title)}
    </Avatar>
  );
}
