interface ListingPagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Previous / Next and 'Page X of Y' under the marketplace listings. */
export function ListingPager({ page, totalPages, onPage }: ListingPagerProps) {
  return (
    <nav className="p2p-pager" aria-label="Listing pages">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span data-testid="p2p-page">
        Page {page} of {totalPages}
      </span>
      <button type="button" className="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
