import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { setCurrentClubId, useClubSelection } from '../../shared/session';
import styles from './club.module.css';
import { ClubLogo } from './ClubLogo';

/** Header club switcher: a Select when the user staffs several clubs, the club's name otherwise. */
export function ClubSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { clubs, currentId } = useClubSelection();
  if (clubs.length === 0) return null;
  const current = clubs.find((c) => c.nid === currentId);

  if (clubs.length === 1 && current) {
    return (
      <div className={styles.single} data-testid="club-switcher">
        <ClubLogo title={current.title} src={current.logo?.img} />
        <span className={styles.singleName}>{current.title}</span>
      </div>
    );
  }

  return (
    <div className={styles.switcherWrap} data-testid="club-switcher">
      <Select<number>
        className={compact ? styles.switcherCompact : styles.switcher}
        value={current ? current.nid : undefined}
        placeholder={t('club.chooseTitle')}
        aria-label={t('shell.clubSwitcher')}
        onChange={(id) => setCurrentClubId(id)}
        popupMatchSelectWidth={false}
        variant="filled"
        showSearch={{ optionFilterProp: 'title' }}
        options={clubs.map((c) => ({
          value: c.nid,
          title: c.title,
          label: (
            <span className={styles.option} data-testid={`club-option-${c.nid}`}>
              <ClubLogo title={c.title} src={c.logo?.img} size={22} />
              <span className={styles.optionName}>{c.title}</span>
            </span>
          ),
        }))}
      />
    </div>
  );
}
