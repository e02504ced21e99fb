import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { checkAccess, gates, isOpenGate } from '../../shared/access/gates';
import { setDisplayZone } from '../../shared/format/zone';
import { ClubIdProvider, useClub, useClubSelection } from '../../shared/session';
import { CenteredSpin } from '../../shared/ui/CenteredSpin';
import { useAppConfig } from '../api';
import { useAlert } from '../dialogs';
import { HOME_ROUTE, type RouteEntry } from '../routes';

/**
 * Opens a route only when the current club has one of the gate's flags and the user one of its
 * roles. Refusals alert (feature: "…proveedor de {provider}", role: "…su administrador") and go
 * to the root. Before a screen of the club renders, dates and times are set to show in the club's
 * time zone (the exports' clock); a club in another zone renders its screens anew. The screen
 * reads the club it works on with useClubId.
 */
export function RouteGuard({ entry, children }: { entry: RouteEntry; children: ReactNode }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const navigate = useNavigate();
  const { currentId, isPending: clubsPending } = useClubSelection();
  const club = useClub(currentId);
  const config = useAppConfig();
  const gate = gates.screens[entry.gate];
  const open = isOpenGate(gate);
  const result = !open && club.data ? checkAccess(gate, club.data) : null;
  const refused = result && !result.ok ? result.reason : null;
  const alerted = useRef<string | null>(null);

  useEffect(() => {
    document.title = `${t(`routes.${entry.name}`)} · ${t('common.appName')}`;
  }, [entry.name, t]);

  useEffect(() => {
    if (!refused) {
      alerted.current = null;
      return;
    }
    const key = `${entry.name}:${currentId}:${refused}`;
    if (alerted.current === key) return;
    alerted.current = key;
    const provider = config.data?.provider_name || t('access.defaultProvider');
    alert({
      type: 'warning',
      title: t('access.title'),
      content: refused === 'feature' ? t('access.featureRefused', { provider }) : t('access.roleRefused'),
    });
    navigate('/', { replace: true });
  }, [refused, entry.name, currentId, config.data, alert, navigate, t]);

  // the open screens (today, club, profile…) also open with no club chosen: useClubId throws there
  if (open) return <ClubIdProvider id={currentId}>{children}</ClubIdProvider>;
  if (currentId === null) {
    if (clubsPending) return <CenteredSpin />;
    return <Navigate to={`/${HOME_ROUTE}`} replace />;
  }
  if (club.isPending) return <CenteredSpin />;
  if (!club.data || refused) return null;
  // set while rendering, before the screen below formats its first date
  const zone = setDisplayZone(club.data.timezone);
  return (
    <ClubIdProvider id={currentId}>
      <Fragment key={zone ?? 'browser'}>{children}</Fragment>
    </ClubIdProvider>
  );
}

/**
 * An address under /app/ that names no page (a mistyped or old link): it says so, rather than
 * landing on the club page without a word, and goes to the root.
 */
export function UnknownRoute() {
  const { t } = useTranslation();
  const alert = useAlert();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const alerted = useRef(false);
  useEffect(() => {
    if (alerted.current) return;
    alerted.current = true;
    alert({ type: 'warning', title: t('access.notFoundTitle'), content: t('access.notFound', { path: `/app${pathname}` }) });
    navigate(`/${HOME_ROUTE}`, { replace: true });
  }, [alert, navigate, pathname, t]);
  return null;
}
