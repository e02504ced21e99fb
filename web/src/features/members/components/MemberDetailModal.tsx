import {
  CreditCardOutlined,
  CrownOutlined,
  DeleteOutlined,
  EditOutlined,
  EuroOutlined,
  FileOutlined,
  FileTextOutlined,
  KeyOutlined,
  LoginOutlined,
  LogoutOutlined,
  PoweroffOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Descriptions, QRCode, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatNumber } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { Money } from '../../../shared/ui/Figures';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { WalletTopUpModal } from '../../../shared/wallet/WalletTopUpModal';
import { useCheckInOut, useMember, useRequestNewPassword, useSaveMember, type AccessAction } from '../api';
import { memberErrorText, shownLocally } from '../errors';
import { formatPhone, fullName, roleKey, type Member } from '../model';
import type { MemberAccess } from '../useMemberAccess';
import styles from '../members.module.css';
import { ExpiryTag, MemberAvatar, StatusTag, TypeTag } from './bits';
import { DataExportButton } from './DataExportButton';
import { MemberSheet } from './MemberSheet';
import { useConfirmDeleteMember } from './useConfirmDeleteMember';
import { useApp } from '../../../shared/ui/useApp';

interface Props {
  nid: number | null;
  initial?: Member;
  access: MemberAccess;
  onClose: () => void;
}

/**
 * The member detail modal: photo, data, expiry tag, and the actions the user's roles allow
 * (spec §6): check in / out, modify, activate / deactivate, reset password (staff with an e-mail),
 * delete, and for the Administrador the export of the member's data (GDPR).
 */
export function MemberDetailModal({ nid, initial, access, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const club = access.clubId;
  const query = useMember(nid, initial?.nid === nid ? initial : undefined);
  const m = query.data ?? null;
  const save = useSaveMember();
  const check = useCheckInOut();
  const reset = useRequestNewPassword();
  const { can } = access;
  const [topUp, setTopUp] = useState(false);
  const fail = (e: unknown) => {
    if (shownLocally(e)) message.error(memberErrorText(e, t, i18n), 5);
  };
  const { remove: confirmDelete, pending: deleting } = useConfirmDeleteMember(fail);

  const doCheck = (action: AccessAction) => {
    if (!m) return;
    check.mutate(
      { nid: m.nid, action },
      {
        onSuccess: () =>
          message.success({
            content: action === 'ENTRA' ? t('members.detail.checkedIn') : t('members.detail.checkedOut'),
            duration: 3,
            key: 'member-access',
          }),
        onError: fail,
      },
    );
  };

  const toggleStatus = () => {
    if (!m) return;
    const next = m.status_member === 1 ? 0 : 1;
    save.mutate(
      { association: club, nid: m.nid, membership_id: m.nid, status_member: next },
      {
        onSuccess: () => message.success(next === 1 ? t('members.detail.activated') : t('members.detail.deactivated'), 3),
        onError: fail,
      },
    );
  };

  const resetPassword = () => {
    if (!m?.email) return;
    reset.mutate(m.email, {
      onSuccess: () => message.success(t('members.detail.resetPasswordSent', { email: m.email }), 8),
      onError: fail,
    });
  };

  const remove = () => confirmDelete(m, onClose);

  const dash = <span className={cells.muted}>{t('common.notAvailable')}</span>;
  const address = m
    ? [m.memcard_address.thoroughfare, [m.memcard_address.postal_code, m.memcard_address.locality].filter(Boolean).join(' '), m.memcard_address.country]
        .filter((s) => s && s.trim())
        .join(', ')
    : '';

  const footer = m ? (
    <div className={styles.detailFooter}>
      <div className={styles.footerGroup}>
        {can.delete && (
          <Button danger type="text" icon={<DeleteOutlined />} onClick={remove} loading={deleting} data-testid="detail-delete">
            {t('members.common.delete')}
          </Button>
        )}
        {can.dataExport && <DataExportButton member={m} club={club} />}
        {can.resetPassword && m.is_staff && m.email && (
          <Button icon={<KeyOutlined />} onClick={resetPassword} loading={reset.isPending} data-testid="detail-reset-password">
            {t('members.detail.resetPassword')}
          </Button>
        )}
      </div>
      <div className={styles.footerGroup}>
        {can.toggleStatus && (
          <Button icon={<PoweroffOutlined />} onClick={toggleStatus} loading={save.isPending} data-testid="detail-toggle-status">
            {m.status_member === 1 ? t('members.detail.deactivate') : t('members.detail.activate')}
          </Button>
        )}
        {can.modify && (
          <Button icon={<EditOutlined />} onClick={() => navigate(`/patientcreate?nid=${m.nid}`)} data-testid="detail-modify">
            {t('members.detail.modify')}
          </Button>
        )}
        {can.checkInOut && (
          <>
            <Button icon={<LogoutOutlined />} onClick={() => doCheck('SALE')} loading={check.isPending && check.variables?.action === 'SALE'} data-testid="detail-checkout">
              {t('members.detail.checkOut')}
            </Button>
            <Button
              type="primary"
              icon={<LoginOutlined />}
              autoFocus
              onClick={() => doCheck('ENTRA')}
              loading={check.isPending && check.variables?.action === 'ENTRA'}
              data-testid="detail-checkin"
            >
              {t('members.detail.checkIn')}
            </Button>
          </>
        )}
      </div>
    </div>
  ) : null;

  return (
    <MemberSheet
      open={nid !== null}
      onCancel={onClose}
      title={t('members.detail.title')}
      width={960}
      footer={footer}
      data-testid="member-detail"
    >
      {query.isPending && !m ? (
        <Skeleton avatar={{ size: 88 }} active paragraph={{ rows: 8 }} />
      ) : !m ? (
        <Result status="warning" title={t('members.detail.notFound')} />
      ) : (
        <div className={styles.detail} data-testid="member-detail-body" data-nid={m.nid}>
          <div className={styles.detailHero}>
            <MemberAvatar member={m} size={isDesktop ? 96 : 72} />
            <div className={styles.detailIdentity}>
              <h2 className={styles.detailName} data-testid="detail-name">
                {fullName(m)}
              </h2>
              <div className={styles.detailSub}>
                <span className={cells.num}>{t('members.common.memberNo', { number: m.number })}</span>
                <span aria-hidden="true">·</span>
                <span className={styles.mono}>{m.dni}</span>
              </div>
              <div className={styles.tagRow}>
                <span data-testid="detail-status">
                  <StatusTag status={m.status_member} />
                </span>
                <TypeTag type={m.type} />
                <ExpiryTag endDate={m.end_date} testId="detail-expiry" />
                {m.is_staff && (
                  <Tag bordered={false} icon={<CrownOutlined />} className={styles.tagStaff}>
                    {t('members.common.staff')}
                  </Tag>
                )}
              </div>
              {(can.makeOrder || can.topUp || can.renewFee) && m.status_member === 1 && (
                <div className={styles.counterActions}>
                  {can.makeOrder && (
                    <Button type="primary" icon={<ShopOutlined />} onClick={() => navigate(`/pos?nid=${m.nid}`)} data-testid="detail-make-order">
                      {t('members.detail.makeOrder')}
                    </Button>
                  )}
                  {can.topUp && (
                    <Button icon={<WalletOutlined />} onClick={() => setTopUp(true)} data-testid="detail-topup">
                      {t('members.detail.topUp')}
                    </Button>
                  )}
                  {can.renewFee && (
                    <Button icon={<CreditCardOutlined />} onClick={() => navigate(`/pos?nid=${m.nid}&renew=1`)} data-testid="detail-renew">
                      {t('members.detail.renewFee')}
                    </Button>
                  )}
                </div>
              )}
              {(can.viewOrders || can.viewWallet) && (
                <div className={styles.counterActions}>
                  {can.viewOrders && (
                    <Button icon={<FileTextOutlined />} onClick={() => navigate(`/ordersReport?ms_id=${m.nid}`)} data-testid="detail-view-orders">
                      {t('members.detail.viewOrders')}
                    </Button>
                  )}
                  {can.viewWallet && (
                    <Button icon={<EuroOutlined />} onClick={() => navigate(`/walletReport?ms_id=${m.nid}`)} data-testid="detail-view-wallet">
                      {t('members.detail.viewWallet')}
                    </Button>
                  )}
                </div>
              )}
            </div>
            {isDesktop && m.dni && (
              <div className={styles.detailQr}>
                <QRCode value={m.dni} size={96} bordered={false} aria-label={t('members.detail.qrTitle')} />
                <span>{t('members.detail.qrTitle')}</span>
              </div>
            )}
          </div>

          <div className={styles.detailColumns}>
            <Descriptions
              title={t('members.detail.personal')}
              column={1}
              size="small"
              colon={false}
              classNames={{ label: styles.descLabel }}
              items={[
                { key: 'birth', label: t('members.fields.birthdate'), children: m.birthdate ? formatDate(m.birthdate) : dash },
                { key: 'phone', label: t('members.fields.telefono'), children: formatPhone(m.telefono || m.user?.telefono, m.country_code) || dash },
                { key: 'email', label: t('members.fields.email'), children: m.email || dash },
                { key: 'address', label: t('members.fields.address'), children: address || dash },
                { key: 'keychain', label: t('members.fields.keychain'), children: <span className={styles.mono}>{m.keychain || dash}</span> },
                {
                  key: 'online',
                  label: t('members.fields.onlineAccount'),
                  children: m.account_link_pending
                    ? t('members.detail.linkPending')
                    : m.online_account
                      ? t('members.common.yes')
                      : t('members.common.no'),
                },
              ]}
            />
            <Descriptions
              title={t('members.detail.membership')}
              column={1}
              size="small"
              colon={false}
              classNames={{ label: styles.descLabel }}
              items={[
                {
                  key: 'category',
                  label: t('members.fields.category'),
                  children: m.category_member ? (
                    <span>
                      {m.category_member.title}{' '}
                      <span className={cells.muted}>({t('members.detail.discount', { discount: m.category_member.descuento })})</span>
                    </span>
                  ) : (
                    dash
                  ),
                },
                { key: 'end', label: t('members.fields.endDate'), children: m.end_date ? <span className={cells.num}>{formatDate(m.end_date)}</span> : dash },
                {
                  key: 'forecast',
                  label: t('members.fields.consumForecast'),
                  children: <span className={cells.num}>{`${formatNumber(m.consum_forecast)} ${t('members.common.gramsPerMonth')}`}</span>,
                },
                ...(can.wallet
                  ? [{ key: 'wallet', label: t('members.fields.wallet'), children: <Money value={m.monedero} /> }]
                  : []),
                { key: 'since', label: t('members.fields.memberSince'), children: m.member_created ? formatDate(m.member_created) : dash },
                ...(m.is_staff
                  ? [
                      {
                        key: 'roles',
                        label: t('members.fields.roles'),
                        children: (m.memcard_roles ?? []).length
                          ? (m.memcard_roles ?? []).map((r) => (
                              <Tag key={r} bordered={false} className={styles.tagStaff}>
                                {i18n.exists(roleKey(r)) ? t(roleKey(r)) : r}
                              </Tag>
                            ))
                          : dash,
                      },
                    ]
                  : []),
                {
                  key: 'guarantors',
                  label: t('members.fields.guarantors'),
                  children: (m.endorsement_member ?? []).length
                    ? (m.endorsement_member ?? []).map((g) => `${g.nombre} ${g.surname} (${t('members.common.memberNo', { number: g.number })})`).join(', ')
                    : dash,
                },
                { key: 'notes', label: t('members.fields.notes'), children: m.notes || dash },
                {
                  key: 'documents',
                  label: t('members.fields.documents'),
                  children: (m.documents ?? []).length ? (
                    <ul className={styles.docList}>
                      {(m.documents ?? []).map((d) => (
                        <li key={d.fid}>
                          <a href={d.url} target="_blank" rel="noreferrer">
                            <FileOutlined /> {d.name || d.fid.slice(0, 8)}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    dash
                  ),
                },
              ]}
            />
          </div>
        </div>
      )}
      <WalletTopUpModal
        member={topUp && m ? { nid: m.nid, name: fullName(m), monedero: m.monedero } : null}
        onClose={() => setTopUp(false)}
      />
    </MemberSheet>
  );
}
