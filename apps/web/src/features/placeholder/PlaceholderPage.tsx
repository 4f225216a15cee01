import './placeholder.css';

/** Stands in for a screen that later work builds, so its route and guard already work. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="placeholder panel" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title" className="placeholder__title">
        {title}
      </h1>
      <p className="placeholder__text">This part of the realm is coming soon.</p>
    </section>
  );
}
