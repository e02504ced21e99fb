import { useCallback, useEffect, useState } from 'react';
import { useClubId } from '../../shared/session/clubId';
import { readKey, writeKey } from '../../shared/session/storage';
import type { PickedMember } from './components/MemberPicker';

/** The selected members of a club are kept locally between visits (spec §1); logout clears them. */
const key = (club: number) => `socius.members.selected.${club}`;

function read(club: number): PickedMember[] {
  try {
    const v: unknown = JSON.parse(readKey(key(club)) ?? '[]');
    return Array.isArray(v) ? (v as PickedMember[]).filter((m) => m && typeof m.nid === 'number') : [];
  } catch {
    return [];
  }
}

export function useSelectedMembers() {
  const club = useClubId();
  const [selected, setSelected] = useState<PickedMember[]>(() => read(club));

  useEffect(() => setSelected(read(club)), [club]);

  const update = useCallback(
    (list: PickedMember[]) => {
      setSelected(list);
      writeKey(key(club), list.length ? JSON.stringify(list) : null);
    },
    [club],
  );

  return [selected, update] as const;
}
