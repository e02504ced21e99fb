import { useQueryClient } from '@tanstack/react-query';
import { Select, Spin, type SelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import cells from '../../../shared/ui/cells.module.css';
import { searchMembers } from '../api';
import { fullName, type Member } from '../model';
import styles from '../members.module.css';

export interface PickedMember {
  nid: number;
  number: number;
  nombre: string;
  surname: string;
  surname2?: string;
}

/** Members matching what was typed: a number is a member number or a key fob; words are a name or a surname. */
async function lookup(qc: ReturnType<typeof useQueryClient>, club: number, text: string): Promise<Member[]> {
  const q = text.trim();
  if (!q) return [];
  const asks = /^\d+$/.test(q)
    ? [{ number: Number(q) }, { keychain: q }]
    : [{ nombre: q }, { surname: q }, { dni: q }, { keychain: q }];
  const pages = await Promise.all(asks.map((a) => searchMembers(qc, club, a, 0, 8).catch(() => ({ data: [], total: 0, more: false }))));
  const seen = new Map<number, Member>();
  for (const p of pages) for (const m of p.data) if (!seen.has(m.nid)) seen.set(m.nid, m);
  return [...seen.values()].slice(0, 12);
}

export const pickedOf = (m: PickedMember | Member): PickedMember => ({
  nid: m.nid,
  number: m.number,
  nombre: m.nombre,
  surname: m.surname,
  surname2: m.surname2,
});

export function pickedLabel(m: PickedMember): string {
  return `${m.number} · ${fullName(m)}`;
}

interface Props extends Omit<SelectProps, 'options' | 'onSearch' | 'value' | 'onChange' | 'mode'> {
  club: number;
  value?: PickedMember[];
  onChange?: (v: PickedMember[]) => void;
  /** Members that cannot be picked (the member being edited). */
  exclude?: number[];
}

/** Picks members by searching as you type (guarantors, access control). */
export function MemberPicker({ club, value = [], onChange, exclude = [], ...rest }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [options, setOptions] = useState<Member[]>([]);
  const [loading, setLoading] = useState(false);
  const [text, setText] = useState('');
  const seq = useRef(0);

  useEffect(() => {
    const id = ++seq.current;
    if (!text.trim()) {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      void lookup(qc, club, text).then((list) => {
        if (id !== seq.current) return;
        setOptions(list.filter((m) => !exclude.includes(m.nid)));
        setLoading(false);
      });
    }, 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, club, qc]);

  const known = new Map<number, PickedMember>(value.map((v) => [v.nid, v]));
  for (const m of options) if (!known.has(m.nid)) known.set(m.nid, pickedOf(m));

  return (
    <Select
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={value.map((v) => v.nid)}
      onChange={(ids: number[]) => {
        onChange?.(ids.map((id) => known.get(id)).filter((x): x is PickedMember => !!x));
        setText('');
      }}
      notFoundContent={loading ? <Spin size="small" /> : text.trim() ? t('members.search.notFound') : null}
      options={[
        ...value.map((v) => ({ value: v.nid, label: pickedLabel(v) })),
        ...options
          .filter((m) => !value.some((v) => v.nid === m.nid))
          .map((m) => ({
            value: m.nid,
            label: (
              <span className={styles.pickOption}>
                <span className={cells.num}>{m.number}</span>
                <span>{fullName(m)}</span>
                <span className={cells.muted}>{m.dni}</span>
              </span>
            ),
          })),
      ]}
      optionLabelProp="label"
      {...rest}
    />
  );
}
