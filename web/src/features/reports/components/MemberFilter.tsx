import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../shared/ui/useDebounced';
import { useMemberOptions, useReportMember } from '../api';
import { memberName } from '../model';
import styles from '../register.module.css';

/**
 * One member for a report, or all: typed as a member number, key fob or name (the member search of
 * the counter), any status, so a register still finds a former member. Clearing it shows everyone.
 */
export function MemberFilter({ value, onChange }: { value: number | null; onChange: (nid: number | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const typed = useDebounced(text, 250);
  const found = useMemberOptions(typed);
  const picked = useReportMember(value).data;
  const label = (m: { number?: number; nombre?: string | null; surname?: string | null }, nid: number) => `${m.number ?? ''} · ${memberName(m, nid)}`;
  const options = (found.data ?? []).map((m) => ({ value: m.nid, label: label(m, m.nid) }));
  if (value !== null && !options.some((o) => o.value === value)) options.unshift({ value, label: picked ? label(picked, value) : `#${value}` });
  return (
    <Select<number>
      size="large"
      allowClear
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={value ?? undefined}
      placeholder={t('reports.register.allMembers')}
      aria-label={t('reports.register.member')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : typed.trim() ? t('reports.register.noMember') : null}
      options={options}
      onChange={(nid) => {
        onChange(nid ?? null);
        setText('');
      }}
      data-testid="register-member"
      className={styles.member}
    />
  );
}
