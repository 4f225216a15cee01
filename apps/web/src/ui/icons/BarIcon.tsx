/** A bar button's outline drawing (the inbox's bell, the chat's bubble): one 24x24 path in the text's colour. */
export function BarIcon({ path }: { path: string }) {
  return (
    <svg className="navbar__bell-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
