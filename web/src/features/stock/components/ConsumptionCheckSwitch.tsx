import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { shownLocally, useClubSetting } from '../../../shared/api';
import { useClub, useClubId } from '../../../shared/session';
import { stockErrorText } from '../errors';
import styles from '../stock.module.css';

/**
 * Whether the counter refuses a sale past a member's monthly forecast (association_category
 * consumption_check, on unless a record says off). It saves at once, as the payment methods do.
 * Only a Manager or an Administrador, who may let one sale pass the forecast, may switch it; Caja
 * sees it switched as it is.
 */
export function ConsumptionCheckSwitch() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const s = useClubSetting('consumption_check');
  const roles = useClub(useClubId()).data?.roles ?? [];
  const supervisor = roles.includes('Manager') || roles.includes('Administrador');
  const on = s.value !== 'off';
  const change = (v: boolean) =>
    s
      .save(v ? 'on' : 'off')
      .then(() => message.success(v ? t('stock.settings.check.savedOn') : t('stock.settings.check.savedOff'), 3))
      .catch((e) => {
        if (shownLocally(e)) message.error(stockErrorText(e, t, i18n), 5);
      });
  return (
    <div className={styles.checkRow}>
      <div>
        <label htmlFor="consumption-check" className={styles.checkLabel}>
          {t('stock.settings.check.label')}
        </label>
        <p className={styles.checkHelp}>{on ? t('stock.settings.check.helpOn') : t('stock.settings.check.helpOff')}</p>
        {!supervisor && <p className={styles.checkHelp}>{t('stock.settings.check.supervisorOnly')}</p>}
      </div>
      <Switch
        id="consumption-check"
        checked={on}
        loading={s.isPending || s.saving}
        disabled={!supervisor}
        onChange={change}
        data-testid="consumption-check"
      />
    </div>
  );
}
