import './pager.css';

interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the navigation for assistive technology, e.g. 'Enemy pages'. */
  label: string;
  /** Test id of the 'Page X of Y' text. */
  testId: string;
  /** While another page loads, both buttons wait. */
  busy?: boolean;
}

/** Previous, 'Page X of Y' and Next: the paging of every paged list. */
export function Pager({ page, totalPages, onPage, label, testId, busy = false }: PagerProps) {
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span data-testid={testId}>
        Page {page} of {totalPages}
      </span>
      <button type="button" className="button" disabled={busy || page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
