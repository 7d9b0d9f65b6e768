import { useT } from '../use-t.ts';
import { pageItems } from './pages.ts';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  /** `total` is a lower bound (the server stopped counting): shown as "10,000+". */
  totalAtLeast?: boolean;
  onChange: (page: number) => void;
  /** Offered page sizes (shows a size picker when given with onPageSizeChange). */
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  className?: string;
}

/** Page navigation (`nav` landmark): total, previous, page numbers with gaps, next, page size. */
export function Pagination({
  page,
  pageSize,
  total,
  totalAtLeast = false,
  onChange,
  pageSizes,
  onPageSizeChange,
  className,
}: PaginationProps) {
  const t = useT();
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const current = Math.min(Math.max(1, page), pageCount);
  const go = (p: number) => {
    if (p >= 1 && p <= pageCount && p !== current) onChange(p);
  };
  return (
    <nav
      className={['lp-pagination', className].filter(Boolean).join(' ')}
      aria-label={t('ui.pagination.label')}
    >
      <span className="lp-pagination__total">
        {totalAtLeast
          ? t('ui.pagination.totalAtLeast', { total: total.toLocaleString('en') })
          : t('ui.pagination.total', { total })}
      </span>
      <button
        type="button"
        className="lp-pagination__button"
        aria-label={t('ui.pagination.prev')}
        disabled={current <= 1}
        onClick={() => go(current - 1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      {pageItems(current, pageCount).map((item, index) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
          <span key={`gap-${index}`} className="lp-pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className="lp-pagination__button"
            aria-label={t('ui.pagination.page', { page: item })}
            aria-current={item === current ? 'page' : undefined}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="lp-pagination__button"
        aria-label={t('ui.pagination.next')}
        disabled={current >= pageCount}
        onClick={() => go(current + 1)}
      >
        <span aria-hidden="true">›</span>
      </button>
      {pageSizes && onPageSizeChange && (
        <select
          className="lp-pagination__size"
          aria-label={t('ui.pagination.pageSizeLabel')}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {t('ui.pagination.pageSize', { size })}
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}
