import { Checkbox } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { flagGroups } from '../model';
import styles from '../provider.module.css';

/** A flag's name as a provider reads it (the flag itself for one this screen does not know yet). */
export function useFlagName() {
  const { t, i18n } = useTranslation();
  return (flag: string) => (i18n.exists(`provider.flags.${flag}.name`) ? t(`provider.flags.${flag}.name`) : flag);
}

/**
 * The club's feature flags as checkboxes, by group, each with what it opens. Controlled (`value`,
 * `onChange`) so an antd Form.Item can hold it.
 */
export function FlagChecklist({ value = [], onChange, testId }: { value?: string[]; onChange?: (flags: string[]) => void; testId: string }) {
  const { t, i18n } = useTranslation();
  const name = useFlagName();
  const id = useId();
  const on = new Set(value);
  const toggle = (flag: string, checked: boolean) => {
    const next = new Set(on);
    if (checked) next.add(flag);
    else next.delete(flag);
    onChange?.([...next]);
  };
  return (
    <div className={styles.flagGroups} data-testid={testId}>
      {flagGroups().map((group) => (
        <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} className={styles.flagGroup}>
          <div id={`${id}-${group.key}`} className={styles.flagGroupTitle}>
            {t(`provider.groups.${group.key}`)}
          </div>
          <div className={styles.flagGrid}>
            {group.flags.map((flag) => (
              <Checkbox
                key={flag}
                checked={on.has(flag)}
                onChange={(e) => toggle(flag, e.target.checked)}
                className={styles.flag}
                data-testid={`${testId}-${flag}`}
              >
                <span className={styles.flagName}>{name(flag)}</span>
                {i18n.exists(`provider.flags.${flag}.help`) && <span className={styles.flagHelp}>{t(`provider.flags.${flag}.help`)}</span>}
              </Checkbox>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
