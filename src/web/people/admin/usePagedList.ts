import { useDebouncedCallback } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../ui/toast.ts';

/** Search debounce (doc 2 §9). */
const SEARCH_DEBOUNCE_MS = 300;

/** What every paged people list asks the server for: a page and a search, and its own filter. */
export interface PagedQuery {
  page: number;
  search: string;
}

/** One page of a list as the server sends it. */
export interface Page<T> {
  results: T[];
  count: number;
}

interface PagedListOptions<Q extends PagedQuery, T> {
  /** The first query (page 1, no search, the default filter). */
  initial: Q;
  /** Reads one page (the area's query hook). */
  useList: (query: Q) => UseQueryResult<Page<T>>;
  /** How many pages a count fills. */
  pageCount: (count: number) => number;
  /** The spec's message when the list cannot be read. */
  failed: string;
  /** The search as the server wants it (trimmed unless told otherwise). */
  normalise?: (search: string) => string;
}

/**
 * The state the back office's paged people lists share (Users, Confirm Racers, Link Requests):
 * the query, the search box (sent 300 ms after typing stops; Clear sends at once), a new search or
 * filter going back to page 1, each failed read toasting once, and a page emptied by a decision
 * giving way to the last page there is.
 */
export function usePagedList<Q extends PagedQuery, T>({
  initial,
  useList,
  pageCount,
  failed,
  normalise = (value) => value.trim(),
}: PagedListOptions<Q, T>) {
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState<Q>(initial);
  const list = useList(query);

  const searchLater = useDebouncedCallback((value: string) => {
    setQuery((q) => (q.search === value ? q : { ...q, search: value, page: 1 }));
  }, SEARCH_DEBOUNCE_MS);
  const search = {
    value: searchText,
    onChange(value: string) {
      setSearchText(value);
      searchLater(normalise(value));
    },
    onClear() {
      setSearchText('');
      searchLater.cancel();
      setQuery((q) => ({ ...q, search: '', page: 1 }));
    },
  };

  // each failed read says so once
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.admin('error', failed);
  }, [failedAt, failed]);

  const items = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const pages = pageCount(count);

  // a decision can empty the last page: show the last page there is
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && query.page > pages) setQuery((q) => ({ ...q, page: pages }));
  }, [list.data, list.isPlaceholderData, query.page, pages]);

  return {
    list,
    query,
    items,
    count,
    pages,
    search,
    failed,
    /** A new status or sort starts again at page 1. */
    refilter: (change: Partial<Omit<Q, 'page' | 'search'>>) => setQuery((q) => ({ ...q, ...change, page: 1 })),
    setPage: (page: number) => setQuery((q) => ({ ...q, page })),
  };
}

export type PagedList<T = unknown> = ReturnType<typeof usePagedList<PagedQuery, T>>;
