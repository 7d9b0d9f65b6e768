import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { $locale, t } from '../../src/i18n/translate.ts';
import { createRouteSearch } from '../../src/lib/route-search.ts';
import { $pages } from '../../src/stores/routes.ts';
import { go } from '../router/location.ts';
import { Icon } from './icons.tsx';
import { routeTitle } from './route-title.ts';

interface Found {
  kind: 'order' | 'project' | 'page';
  title: string;
  /** A second line: an order's status and recipient, a project's name, a page's path. */
  detail: string;
  path: string;
}

/** Typing stops this long before orders and projects are asked for (pages match at once). */
const RECORD_DELAY_MS = 250;
/** Orders and projects are looked for from this many characters on. */
const RECORD_QUERY_MIN = 2;

/**
 * Header search (spec §2): pages, fuzzy over titles (0.7) and paths (0.3), threshold 0.4; and,
 * from two characters on, the current account's orders (by number, party…) and projects (by
 * protocol number or name), five of each, first: finding an order by its number is what users
 * reach for first.
 */
export function HeaderSearch() {
  const pages = useStore($pages);
  const locale = useStore($locale);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [pageResults, setPageResults] = useState<Found[]>([]);
  const [records, setRecords] = useState<Found[]>([]);
  /** Orders and projects are being looked for: "nothing found" waits for them. */
  const [waiting, setWaiting] = useState(false);
  const [active, setActive] = useState(0);
  const [search, setSearch] = useState<((q: string) => Found[]) | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  const searchable = useMemo(
    () =>
      pages
        .filter((p) => !p.path.includes(':'))
        .map((p) => ({
          kind: 'page' as const,
          title: routeTitle(p.title, locale),
          detail: p.path,
          path: p.path,
        })),
    [pages, locale],
  );

  useEffect(() => {
    if (!open) return;
    let live = true;
    void createRouteSearch(searchable).then((fn) => {
      if (live) setSearch(() => fn);
    });
    input.current?.focus();
    return () => {
      live = false;
    };
  }, [open, searchable]);

  useEffect(() => {
    setPageResults(search ? search(query).slice(0, 8) : []);
    setActive(0);
  }, [query, search]);

  useEffect(() => {
    setRecords([]);
    const asks = open && query.trim().length >= RECORD_QUERY_MIN;
    setWaiting(asks);
    if (!asks) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void import('./entity-search.ts')
        .then(({ findRecords }) => findRecords(query, abort.signal))
        .then(
          (found) => {
            if (abort.signal.aborted) return;
            setRecords(found);
            setActive(0);
            setWaiting(false);
          },
          () => setWaiting(false),
        );
    }, RECORD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [open, query]);

  const results = useMemo(() => [...records, ...pageResults], [records, pageResults]);

  const choose = (found: Found | undefined) => {
    if (!found) return;
    go(found.path);
    setQuery('');
    setOpen(false);
  };

  return (
    <div className={`lp-header-search${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="lp-icon-button"
        aria-label={t('host.search.label')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Icon name="search" />
      </button>
      {open && (
        <div className="lp-header-search-box">
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-label={t('host.search.label')}
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-activedescendant={results.length ? `${listId}-${active}` : undefined}
            aria-autocomplete="list"
            placeholder={t('host.search.placeholder')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                setActive((a) => Math.min(a + 1, results.length - 1));
              } else if (e.key === 'ArrowUp') {
                e.preventDefault();
                setActive((a) => Math.max(a - 1, 0));
              } else if (e.key === 'Enter') {
                e.preventDefault();
                choose(results[active]);
              } else if (e.key === 'Escape') {
                setOpen(false);
              }
            }}
          />
          {query.trim() !== '' && (
            <div
              id={listId}
              role="listbox"
              className="lp-header-search-results"
              aria-label={t('host.search.label')}
            >
              {results.length === 0 && !waiting && (
                <div className="lp-header-search-none">{t('host.search.none')}</div>
              )}
              {results.map((found, i) => (
                <div
                  key={`${found.kind}:${found.path}`}
                  id={`${listId}-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  className={i === active ? 'is-active' : undefined}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(found);
                  }}
                >
                  <span>
                    <span className="lp-header-search-kind">{t(`host.search.kind.${found.kind}`)}</span>
                    {found.title}
                  </span>
                  <small>{found.detail}</small>
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
