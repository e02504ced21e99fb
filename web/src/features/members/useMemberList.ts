import { useQueryClient } from '@tanstack/react-query';
import { App, Form, type InputRef } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClubId } from '../../shared/session/clubId';
import { searchMembers, useMemberSearch } from './api';
import { hasCriteria, searchQuery, type Member, type SearchQuery, type SearchValues } from './model';

interface Options {
  pageSize: number;
  /** The staff screen restricts every search to staff members. */
  staffOnly?: boolean;
}

/**
 * The search, paging and "open a member" state of a member screen. A search with criteria that
 * finds exactly one member says 'Socio encontrado' (2 s), opens them and clears the number and
 * key fob inputs (ready for the next reading); none says 'Socio no encontrado' (3 s).
 */
export function useMemberList({ pageSize, staffOnly }: Options) {
  const club = useClubId();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<SearchValues>();
  const extra = staffOnly ? ({ is_staff: '1' } as const) : {};
  const [query, setQuery] = useState<SearchQuery>(() => searchQuery({}, extra));
  const [page, setPage] = useState(0);
  const [searching, setSearching] = useState(false);
  const [opened, setOpened] = useState<{ nid: number; initial?: Member } | null>(null);
  const keychainRef = useRef<InputRef>(null);
  const list = useMemberSearch(query, page, pageSize);

  const open = useCallback((m: Member | number) => {
    setOpened(typeof m === 'number' ? { nid: m } : { nid: m.nid, initial: m });
  }, []);

  const close = useCallback(() => {
    setOpened(null);
    setTimeout(() => keychainRef.current?.focus(), 0);
  }, []);

  /**
   * Runs a search. With `fallbacks`, each is tried in turn while the previous finds nobody (a
   * scanned code may be an ID number or a key fob); the form shows the one that was used.
   */
  const run = useCallback(
    async (values: SearchValues, opts: { announce?: boolean; fallbacks?: SearchValues[] } = {}) => {
      const extra = staffOnly ? ({ is_staff: '1' } as const) : {};
      setPage(0);
      setSearching(true);
      try {
        let q = searchQuery(values, extra);
        let res = await searchMembers(qc, club, q, 0, pageSize);
        for (const alt of opts.fallbacks ?? []) {
          if (res.total > 0) break;
          const next = searchQuery(alt, extra);
          const r = await searchMembers(qc, club, next, 0, pageSize);
          if (r.total > 0) {
            q = next;
            res = r;
            form.resetFields();
            form.setFieldsValue(alt);
          }
        }
        setQuery(q);
        if (opts.announce === false || !hasCriteria(q)) return;
        if (res.total === 0) {
          message.error({ content: t('members.search.notFound'), duration: 3, key: 'member-search' });
          keychainRef.current?.select();
        } else if (res.total === 1) {
          message.success({ content: t('members.search.found'), duration: 2, key: 'member-search' });
          form.setFieldsValue({ number: undefined, keychain: undefined });
          open(res.data[0]);
        }
      } catch {
        /* the central error handler has shown it */
      } finally {
        setSearching(false);
      }
    },
    [club, staffOnly, qc, pageSize, message, t, form, open],
  );

  return {
    form,
    query,
    page,
    setPage,
    list,
    searching,
    run,
    opened,
    open,
    close,
    keychainRef,
    /** What a MemberTable of this list takes: the page of members, the paging, and a row opening its member. */
    table: { data: list.data?.data, total: list.data?.total ?? 0, page, pageSize, loading: list.isFetching, onPage: setPage, onOpen: open },
  };
}
